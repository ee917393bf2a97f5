// The stack as a Raspberry Pi runs it, here under qemu-user-static: every
// container's image built or pulled for arm64 and its processes on aarch64,
// `make backup` on arm64 (Mailpit's SQLite copied by node:sqlite), and each
// container's memory at rest. Emulated speed and qemu-user's own memory are
// no Pi's figures: they are printed, and compared only with the limits the
// emulation sets (fixtures/docker-compose.emulated.yml), never the Pi's.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { EngineSession } from './engine-session';
import { memoryNow } from './cgroup-memory';
import { SERVICE_LIMITS } from './containers.checks';

const SERVICES = Object.keys(SERVICE_LIMITS);
const MB = 1024 * 1024;

export function arm64Checks(current: () => EngineSession) {
  describe('the stack as arm64', () => {
    let session: EngineSession;
    before(() => {
      session = current();
    });

    for (const service of SERVICES)
      it(`${service}: an arm64 image, its processes on aarch64`, () => {
        const image = session.project.inspect<string>(service, '.Image');
        const arch = session.project.docker([
          'image',
          'inspect',
          '--format',
          '{{.Architecture}}',
          image,
        ]);
        assert.equal(arch.trim(), 'arm64');
        const id = session.project.containerId(service) as string;
        assert.equal(session.project.docker(['exec', id, 'uname', '-m']).trim(), 'aarch64');
      });

    it("make backup archives every store on arm64, Mailpit's inbox by node:sqlite", () => {
      const output = session.make('backup');
      assert.match(output, /Sicherung .*portfolio-backup-.*\.tar\.gz/);
      assert.match(output, /mailpit [1-9]/);
      assert.match(output, /access [1-9]/);
    });

    it('prints each container’s memory at rest (qemu-user included, no Pi figure), within its emulated limit', () => {
      for (const service of SERVICES) {
        const used = memoryNow(session, service);
        const limit = session.project.inspect<number>(service, '.HostConfig.Memory');
        console.log(
          `engine arm64: ${service} at rest ${(used / MB).toFixed(1)} MB under qemu-user (limit ${limit / MB} MB)`,
        );
        assert.ok(used > 0 && used < limit, `${service}: ${used} of ${limit} bytes`);
      }
    });
  });
}
