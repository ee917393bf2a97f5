// A stage's file system without Docker: a folder whose /usr, /etc, /var ...
// are copy-on-write overlays of this machine's (so node, npm, nginx and
// their libraries are there, and everything a stage writes lands in the
// overlay, never on the machine), and whose /app, /ship ... are plain
// folders. Only used inside a private mount namespace (`unshare -m`), so
// every mount disappears with the rehearsal.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';

const OVERLAID = ['usr', 'etc', 'var', 'root', 'opt', 'bin', 'sbin', 'lib', 'lib64'];
const BOUND = ['dev', 'proc', 'sys'];
const FRESH = ['tmp', 'run', 'home'];

export interface ImageUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

export interface SpawnOptions {
  user: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** A file descriptor for stdout and stderr; default: pipes. */
  output?: number;
}

export interface Jail {
  root: string;
  /** An image path (/app/api) as a path of this machine. */
  hostPath(imagePath: string): string;
  user(name: string): ImageUser;
  spawn(command: string[], options: SpawnOptions): ChildProcess;
}

function mount(...args: string[]) {
  execFileSync('mount', args, { stdio: 'pipe' });
}

function overlay(dir: string, top: string, root: string) {
  const upper = path.join(dir, 'upper', top);
  const work = path.join(dir, 'work', top);
  mkdirSync(upper, { recursive: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(path.join(root, top), { recursive: true });
  mount(
    '-t',
    'overlay',
    'overlay',
    '-o',
    `lowerdir=/${top},upperdir=${upper},workdir=${work}`,
    path.join(root, top),
  );
}

export function createJail(dir: string, users: ImageUser[]): Jail {
  const root = path.join(dir, 'root');
  mkdirSync(root, { recursive: true });
  for (const top of OVERLAID) {
    const host = `/${top}`;
    if (!existsSync(host)) continue;
    if (lstatSync(host).isSymbolicLink()) symlinkSync(readlinkSync(host), path.join(root, top));
    else overlay(dir, top, root);
  }
  for (const top of BOUND) {
    mkdirSync(path.join(root, top), { recursive: true });
    mount('--rbind', `/${top}`, path.join(root, top));
  }
  for (const top of FRESH) mkdirSync(path.join(root, top), { recursive: true, mode: 0o1777 });
  execFileSync('chmod', ['1777', path.join(root, 'tmp')]);

  // The base image's own users (node: 1000, nginx: 101), written into the
  // overlay's /etc, so USER, --chown and chown in RUN resolve as in the image.
  for (const user of users) {
    appendFileSync(
      path.join(root, 'etc/passwd'),
      `${user.name}:x:${user.uid}:${user.gid}::${user.home}:/bin/sh\n`,
    );
    appendFileSync(path.join(root, 'etc/group'), `${user.name}:x:${user.gid}:\n`);
    mkdirSync(path.join(root, user.home), { recursive: true });
    execFileSync('chown', [`${user.uid}:${user.gid}`, path.join(root, user.home)]);
  }

  const hostPath = (imagePath: string) => path.join(root, imagePath);
  const user = (name: string): ImageUser => {
    if (name === 'root' || name === '') return { name: 'root', uid: 0, gid: 0, home: '/root' };
    const found = users.find((u) => u.name === name || String(u.uid) === name);
    if (!found) throw new Error(`USER ${name}: not a user of the base image`);
    return found;
  };
  return {
    root,
    hostPath,
    user,
    spawn: (command, options) => {
      const { uid, gid } = user(options.user);
      // chroot starts in the new /, so the shell changes to WORKDIR first.
      const inWorkdir = ['/bin/sh', '-c', 'cd "$1" && shift && exec "$@"', 'sh', options.cwd];
      return spawn('chroot', [`--userspec=${uid}:${gid}`, root, ...inWorkdir, ...command], {
        env: options.env,
        stdio: ['ignore', options.output ?? 'pipe', options.output ?? 'pipe'],
      });
    },
  };
}

/** Mounts a folder of this machine at an image path (a compose volume). */
export function bindVolume(source: string, target: string, readOnly: boolean) {
  mkdirSync(target, { recursive: true });
  mount('--bind', source, target);
  if (readOnly) mount('-o', 'remount,bind,ro', target);
}
