// One run of the engine suites at a time on a machine: they share the cache
// folder, the bridge portfolio-eng0, the iptables chain PORTFOLIO-ENGINE and,
// for the owner's stand-in, docker0. A second run would take those from
// under the first; it waits for it instead, saying so in one line. The lock is
// the kernel's (flock on suite.lock, held by the process that runs the suite):
// a run that is killed frees it at once, and no other process can take it
// while that run lives.
import { mkdirSync } from 'node:fs';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { before } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { tryFlock } from '@portfolio/api/flock';
import { cacheDir } from './docker-engine';

const lockFile = path.join(cacheDir, 'suite.lock');
/** Open while this process runs: closing it would free the lock. */
let held: FileHandle | undefined;

/** The holder's line; empty for the moment between its taking the lock and writing it. */
async function holderName(): Promise<string> {
  return (await readFile(lockFile, 'utf8')).trim() || 'another engine suite run';
}

/** Waits for a run of the other suite (node's runner starts test files side by side on larger machines). */
export async function takeSuiteLock(): Promise<void> {
  if (held) return;
  mkdirSync(cacheDir, { recursive: true });
  const file = await open(lockFile, 'a+');
  let said = false;
  while (!(await tryFlock(file))) {
    if (!said) console.log(`engine: waiting for ${await holderName()} to end`);
    said = true;
    await sleep(2_000);
  }
  await file.truncate(0);
  await file.write(`the engine suite run of pid ${process.pid}`);
  held = file;
}

/** Takes the lock before the enclosing describe block's tests and hooks; the process's end frees it. */
export function holdSuiteLock() {
  before(takeSuiteLock);
}
