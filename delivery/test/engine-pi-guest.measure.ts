// The site on whole arm64 systems with a Pi's memory (1 GB like a Pi 3,
// 512 MB like a Zero 2 W), booted by qemu-system-aarch64: the arm64 images
// built on the suite's arm64 engine and pushed to its local registry, then
// each guest pulls them with `make up`, serves a first visit and takes the
// burst while its memory is read. A measurement, not part of `npm test`:
// full-system emulation takes about half an hour per guest here
// (`npm run measure:pi -w delivery`; docs/engine-tests.md, "A whole arm64 system").
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { whyNoEngine } from './engine/docker-engine';
import { EngineSession, sessionFor } from './engine/engine-session';
import { whyNoArm64 } from './engine/emulation';
import { holdSuiteLock } from './engine/suite-lock';
import { pushSiteImages } from './engine/pull.checks';
import { piGuestChecks } from './engine/pi-guest.checks';
import { run } from './engine/command-run';
import { measureBuild } from './engine/build-memory';

const GUEST_SIZES_MB = (process.env.PI_GUEST_MB ?? '1024,512').split(',').map(Number);

const whyNoGuest = () =>
  run('sh', ['-c', 'command -v qemu-system-aarch64 && command -v qemu-img']).status === 0
    ? undefined
    : 'qemu-system-aarch64 is missing (apt-get install qemu-system-arm qemu-utils)';

const whyNot = whyNoEngine() ?? whyNoArm64() ?? whyNoGuest();
const log = (line: string) => console.log(line);

describe('figures for a Raspberry Pi', () => {
  holdSuiteLock();

  // What `make up` builds on a machine that builds: both images from scratch
  // (the base images excepted), natively, as a Pi would build its own.
  describe("make up's build on this machine", { skip: whyNoEngine() ?? false }, () => {
    const native = sessionFor(() => EngineSession.start(log), 'engine: base images');
    it('builds both images without cache', async () => {
      const cost = await measureBuild(native(), 'engine');
      console.log(
        `build: both images without cache in ${cost.seconds} s, its steps holding at most ${(cost.peakBytes / 1024 / 1024).toFixed(0)} MB at once`,
      );
      assert.ok(cost.peakBytes > 0, 'the build steps were measured');
    });
  });

  describe(
    'the site on whole arm64 systems (qemu-system-aarch64)',
    { skip: whyNot ?? false },
    () => {
      const builder = sessionFor(
        () => EngineSession.startArm64(log),
        'engine arm64: base images in the registry',
      );
      before(() => {
        builder().project.mustCompose(['build']);
        pushSiteImages(builder());
      });

      for (const memoryMb of GUEST_SIZES_MB)
        describe(`${memoryMb} MB`, () => {
          const guest = sessionFor(
            () =>
              EngineSession.startPiGuest(log, { memoryMb, registry: builder().registry as string }),
            `pi guest ${memoryMb} MB: Docker answers`,
          );
          piGuestChecks(guest, memoryMb);
        });
    },
  );
});
