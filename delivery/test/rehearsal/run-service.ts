// Runs a replayed final stage the way compose runs its service: volumes
// and tmpfs mounted, the rest of the file system read-only when the service
// says read_only, as the image's USER, ENTRYPOINT + CMD in its WORKDIR, with
// the image's ENV and the service's environment.
import { execFileSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import type { ServiceRun } from './compose-service';
import { bindVolume } from './jail';
import type { ReplayedStage } from './replay';

function makeReadOnly(stage: ReplayedStage) {
  const { root } = stage.jail;
  // The root bind keeps its submounts (--rbind); each overlay is its own mount.
  execFileSync('mount', ['--rbind', root, root]);
  execFileSync('mount', ['-o', 'remount,bind,ro', root]);
  for (const top of readdirSync(root)) {
    const dir = path.join(root, top);
    const isMount = execFileSync('sh', [
      '-c',
      `mountpoint -q "${dir}" && echo yes || true`,
    ]).toString();
    if (isMount.trim() === 'yes' && !['dev', 'proc', 'sys'].includes(top))
      execFileSync('mount', ['-o', 'remount,bind,ro', dir]);
  }
}

/**
 * A new named volume or tmpfs: Docker gives it the owner of the image's
 * folder at that path (a named volume also its files), else root.
 */
function freshFolder(imageDir: string, scratch: string, mode: string): string {
  const folder = mkdtempSync(path.join(scratch, 'volume-'));
  execFileSync('chmod', [mode, folder]);
  if (existsSync(imageDir)) {
    const { uid, gid } = statSync(imageDir);
    if (mode !== '1777') cpSync(imageDir, folder, { recursive: true });
    execFileSync('chown', [`${uid}:${gid}`, folder]);
  }
  return folder;
}

/** A named volume is shared by every service mounting it; the first one fills it. */
function namedVolume(name: string, imageDir: string, scratch: string): string {
  const folder = path.join(scratch, `named-${name}`);
  if (existsSync(folder)) return folder;
  renameSync(freshFolder(imageDir, scratch, '0755'), folder);
  return folder;
}

export function runService(
  stage: ReplayedStage,
  service: ServiceRun,
  scratch: string,
  overrides: Record<string, string>,
  logFile: string,
): { child: ChildProcess; startedAt: number } {
  const { jail } = stage;
  const mounts = [
    ...service.volumes.map((volume) => ({
      source: volume.source ?? namedVolume(volume.name, jail.hostPath(volume.target), scratch),
      target: volume.target,
      readOnly: volume.readOnly,
    })),
    ...service.tmpfs.map((target) => ({
      source: freshFolder(jail.hostPath(target), scratch, '1777'),
      target,
      readOnly: false,
    })),
  ];
  for (const mount of mounts) mkdirSync(jail.hostPath(mount.target), { recursive: true });
  if (service.readOnly) makeReadOnly(stage);
  for (const mount of mounts) bindVolume(mount.source, jail.hostPath(mount.target), mount.readOnly);
  const env = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: jail.user(stage.user).home,
    ...stage.env,
    ...service.environment,
    ...overrides,
  };
  // A container's stdout is a pipe or a file that its user may open again as
  // /dev/stdout (nginx's access log); Node's own pipes are sockets, which
  // cannot be reopened, so the output goes to a file everyone can write.
  const output = openSync(logFile, 'a', 0o666);
  chmodSync(logFile, 0o666);
  const command = [...stage.entrypoint, ...stage.cmd];
  // The start is counted from here: the mounts above are the rehearsal's, not the image's.
  const startedAt = Date.now();
  const child = jail.spawn(command, { user: stage.user, cwd: stage.workdir, env, output });
  closeSync(output);
  return { child, startedAt };
}
