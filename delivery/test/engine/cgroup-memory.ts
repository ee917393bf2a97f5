// A running container's memory, read from its memory cgroup (v1 or v2):
// what the kernel charges it, the figure its mem_limit is held against.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EngineSession } from './engine-session';

const FILES = {
  peak: { v1: 'memory.max_usage_in_bytes', v2: 'memory.peak' },
  current: { v1: 'memory.usage_in_bytes', v2: 'memory.current' },
};

/** The cgroup file with a service's `kind` of memory. */
export function memoryFile(
  session: EngineSession,
  service: string,
  kind: keyof typeof FILES,
): string {
  const pid = session.project.inspect<number>(service, '.State.Pid');
  const lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8').trim().split('\n');
  const v1 = lines.find((line) => line.split(':')[1]?.split(',').includes('memory'));
  if (v1) return path.join('/sys/fs/cgroup/memory', v1.split(':')[2], FILES[kind].v1);
  const v2 = lines.find((line) => line.startsWith('0::')) as string;
  return path.join('/sys/fs/cgroup', v2.slice(3), FILES[kind].v2);
}

/** A service's memory now, in bytes. */
export const memoryNow = (session: EngineSession, service: string) =>
  Number(readFileSync(memoryFile(session, service, 'current'), 'utf8'));
