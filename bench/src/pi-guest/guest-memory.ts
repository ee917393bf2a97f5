// Memory inside the whole arm64 system (pi-guest.ts): the engine there is
// reached over TCP, its cgroups are not this machine's. A short-lived
// container of the site's API image, with the guest's process table and
// cgroup tree, reads each container's memory cgroup (v2, as Debian's
// kernel mounts it) and the guest kernel's own count of its memory.
import type { EngineSession } from '@portfolio/delivery/engine/engine-session';

export interface GuestMemory {
  /**
   * Bytes per service: the cgroup's charge now and its peak since the
   * container started; of the charge now, the process's own memory (anon)
   * and the file cache charged to it (file), which the kernel can drop and
   * which goes to the first container to read a file its image shares.
   */
  services: Record<string, { current: number; peak: number; anon: number; file: number }>;
  /** The whole guest: what its kernel has, and what it could still give without swapping. */
  guest: { total: number; available: number };
}

const READER = `
const fs = require('fs');
const services = {};
for (const [service, pid] of JSON.parse(process.env.PIDS)) {
  const group = fs.readFileSync('/proc/' + pid + '/cgroup', 'utf8').split('\\n')
    .find((line) => line.startsWith('0::')).slice(3);
  const text = (file) => fs.readFileSync('/sys/fs/cgroup' + group + '/' + file, 'utf8');
  const stat = Object.fromEntries(text('memory.stat').trim().split('\\n').map((line) => line.split(' ')));
  services[service] = {
    current: Number(text('memory.current')), peak: Number(text('memory.peak')),
    anon: Number(stat.anon), file: Number(stat.file),
  };
}
const info = Object.fromEntries(fs.readFileSync('/proc/meminfo', 'utf8').trim().split('\\n')
  .map((line) => line.split(/:\\s+/)).map(([key, value]) => [key, parseInt(value, 10) * 1024]));
console.log(JSON.stringify({ services, guest: { total: info.MemTotal, available: info.MemAvailable } }));
`;

export function guestMemory(session: EngineSession, services: string[]): GuestMemory {
  const pids = services.map((service) => [
    service,
    session.project.inspect<number>(service, '.State.Pid'),
  ]);
  const image = session.project.inspect<string>('api', '.Config.Image');
  return JSON.parse(
    session.project.docker([
      ...['run', '--rm', '--user', '0', '--pid', 'host', '--cgroupns', 'host', '--network', 'none'],
      ...['-e', `PIDS=${JSON.stringify(pids)}`, '--entrypoint', 'node', image, '-e', READER],
    ]),
  ) as GuestMemory;
}

// Prints MemAvailable each time it reaches a new low, every 250 ms, until stopped.
const LOW_WATCHER = `
const fs = require('fs');
let least = Infinity;
setInterval(() => {
  const line = fs.readFileSync('/proc/meminfo', 'utf8').split('\\n').find((entry) => entry.startsWith('MemAvailable:'));
  const available = parseInt(line.split(/:\\s+/)[1], 10) * 1024;
  if (available < least) console.log(least = available);
}, 250);
`;

/**
 * Watches the guest's MemAvailable from now until the returned call, which
 * gives its least value in bytes. A container of the API image, like the
 * reader above; it holds about as much as one small Node process.
 */
export function watchLeastAvailable(session: EngineSession): () => number {
  const image = session.project.inspect<string>('api', '.Config.Image');
  const id = session.project
    .docker([
      ...['run', '-d', '--user', '0', '--network', 'none'],
      ...['--entrypoint', 'node', image, '-e', LOW_WATCHER],
    ])
    .trim();
  return () => {
    const lows = session.project.docker(['logs', id]).trim().split('\n');
    session.project.docker(['rm', '-f', id]);
    return Number(lows.at(-1));
  };
}
