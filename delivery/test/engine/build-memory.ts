// What building the site's images costs: the wall time and the peak of
// the memory its build steps hold (npm ci, TypeScript, Vite, the
// prerender), summed over every step running at once. Read from the
// memory cgroup the suite's engine puts every container and build step
// under (docker-engine.ts), sampled while the build runs: the anonymous
// memory, which a machine must have, not the page cache the kernel may
// drop. Both cgroup versions are read.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { engineCgroup } from './docker-engine';
import { succeeded } from './command-run';
import type { EngineSession } from './engine-session';

const SAMPLE_MS = 200;

function anonymousBytes(group: string): number {
  const v1 = path.join('/sys/fs/cgroup/memory', group, 'memory.stat');
  const v2 = path.join('/sys/fs/cgroup', group, 'memory.stat');
  const [file, key] = existsSync(v1) ? [v1, 'total_rss'] : [v2, 'anon'];
  if (!existsSync(file)) return 0;
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${key} `));
  return Number(line?.split(' ')[1] ?? 0);
}

export interface BuildCost {
  seconds: number;
  peakBytes: number;
}

/** `docker compose build --no-cache` of the session's project on the suite's engine `engineName`. */
export async function measureBuild(session: EngineSession, engineName: string): Promise<BuildCost> {
  const group = engineCgroup(engineName);
  let peakBytes = 0;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, anonymousBytes(group));
  }, SAMPLE_MS);
  const started = Date.now();
  try {
    succeeded(await session.project.composeAsync(['build', '--no-cache']), 'compose build');
  } finally {
    clearInterval(sampler);
  }
  return { seconds: Math.round((Date.now() - started) / 1000), peakBytes };
}
