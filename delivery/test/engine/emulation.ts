// arm64 binaries on this machine: qemu-user-static registered with the
// kernel's binfmt_misc with the F flag, so they run inside containers and
// builds too; and Debian's docker-registry for the images a Pi would pull.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const HANDLER = '/proc/sys/fs/binfmt_misc/qemu-aarch64';

/** Mounts binfmt_misc where it is not yet (a container or a fresh boot). */
function mountBinfmt() {
  if (!existsSync('/proc/sys/fs/binfmt_misc/status'))
    spawnSync('mount', ['-t', 'binfmt_misc', 'binfmt_misc', '/proc/sys/fs/binfmt_misc']);
  if (!existsSync(HANDLER)) spawnSync('update-binfmts', ['--enable', 'qemu-aarch64']);
}

/** Why arm64 cannot run here, or undefined when it can. */
export function whyNoArm64(): string | undefined {
  if (process.arch === 'arm64') return undefined;
  if (spawnSync('sh', ['-c', 'command -v docker-registry']).status !== 0)
    return 'docker-registry is missing (apt-get install docker-registry)';
  if (!existsSync('/usr/libexec/qemu-binfmt/aarch64-binfmt-P'))
    return 'qemu-user-static is missing (apt-get install qemu-user-static binfmt-support)';
  mountBinfmt();
  const handler = existsSync(HANDLER) ? readFileSync(HANDLER, 'utf8') : '';
  if (!/^enabled/m.test(handler)) return 'qemu-aarch64 is not registered with binfmt_misc';
  if (!/^flags: .*F/m.test(handler))
    return 'qemu-aarch64 is registered without the F flag (it would not run inside containers)';
  return undefined;
}
