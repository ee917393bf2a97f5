// What a Raspberry Pi's first `make up` costs, measured: the build of both
// images on this machine, then the site on whole arm64 systems with a Pi's
// memory (1 GB like a Pi 3, 512 MB like a Zero 2 W), booted by
// qemu-system-aarch64, that pull the images from a local registry, serve a
// first visit and take the engine suite's burst. A measurement, not a test:
// full-system emulation takes about a quarter of an hour per guest here.
// The figures are the data behind docs/operations.md (docs/benchmarks.md,
// "A whole arm64 system").
import { FIRST_BUILD_FILE, writeMeasurement } from '@portfolio/stack';
import { measureBuild } from '@portfolio/delivery/engine/build-memory';
import { run } from '@portfolio/delivery/engine/command-run';
import { whyNoEngine } from '@portfolio/delivery/engine/docker-engine';
import { whyNoArm64 } from '@portfolio/delivery/engine/emulation';
import { EngineSession } from '@portfolio/delivery/engine/engine-session';
import { pushSiteImages } from '@portfolio/delivery/engine/pull.checks';
import { takeSuiteLock } from '@portfolio/delivery/engine/suite-lock';
import { measureGuest } from './guest-figures.ts';
import { startPiGuestSession } from './pi-guest-session.ts';

const GUEST_SIZES_MB = (process.env.PI_GUEST_MB ?? '1024,512').split(',').map(Number);
const log = (line: string) => console.log(line);

const whyNoGuest = () =>
  run('sh', ['-c', 'command -v qemu-system-aarch64 && command -v qemu-img']).status === 0
    ? undefined
    : 'qemu-system-aarch64 is missing (apt-get install qemu-system-arm qemu-utils)';

/** Runs `measure` on a session that is stopped afterwards, whatever happens. */
async function within<T>(
  start: () => Promise<EngineSession>,
  measure: (session: EngineSession) => Promise<T>,
) {
  const session = await start();
  try {
    return await measure(session);
  } finally {
    await session.stop();
  }
}

/** What `make up` builds on a machine that builds: both images without cache, natively. */
async function measureFirstBuild() {
  const cost = await within(
    () => EngineSession.start(log),
    (session) => measureBuild(session, 'engine'),
  );
  const figures = {
    at: new Date().toISOString(),
    ...cost,
    peakMb: Math.round(cost.peakBytes / 2 ** 20),
  };
  writeMeasurement(FIRST_BUILD_FILE, figures);
  log(
    `build: both images without cache in ${cost.seconds} s, at most ${figures.peakMb} MB at once → ${FIRST_BUILD_FILE}`,
  );
}

async function measureGuests() {
  await within(
    () => EngineSession.startArm64(log),
    async (builder) => {
      builder.project.mustCompose(['build']);
      pushSiteImages(builder);
      for (const memoryMb of GUEST_SIZES_MB)
        await within(
          () => startPiGuestSession(log, { memoryMb, registry: builder.registry as string }),
          (guest) => measureGuest(guest, memoryMb),
        );
    },
  );
}

const why = whyNoEngine() ?? whyNoArm64() ?? whyNoGuest();
if (why) {
  console.error(`measure:pi cannot run: ${why}`);
  process.exit(1);
}
await takeSuiteLock();
await measureFirstBuild();
await measureGuests();
