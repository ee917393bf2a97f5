// One run of the engine suites at a time on a machine: they share the cache
// folder, the bridge portfolio-eng0, the iptables chain PORTFOLIO-ENGINE and,
// for the owner's stand-in, docker0. A second run would take those from
// under the first; it waits for it instead, saying so in one line.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before } from 'node:test';
import { cacheDir } from './docker-engine';

const lockFile = path.join(cacheDir, 'suite.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes the lock (a killed holder's too); or, while a live run holds it, says which. */
function tryAcquire(): number | undefined {
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    return undefined;
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (alive(holder)) return holder;
    writeFileSync(lockFile, String(process.pid));
    return undefined;
  }
}

/** Waits for a run of the other suite (node's runner starts test files side by side on larger machines). */
async function acquire() {
  mkdirSync(cacheDir, { recursive: true });
  let said = false;
  for (let holder = tryAcquire(); holder !== undefined; holder = tryAcquire()) {
    if (!said) console.log(`engine: waiting for the engine suite run of pid ${holder} to end`);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

function release() {
  if (existsSync(lockFile) && readFileSync(lockFile, 'utf8') === String(process.pid))
    rmSync(lockFile);
}

/** Takes the lock, waiting for a run that holds it; gives it back when the process ends. */
export async function takeSuiteLock() {
  await acquire();
  process.once('exit', release);
}

/**
 * Takes the lock before the enclosing describe block's tests and hooks;
 * gives it back when the process ends, after every hook has cleaned up.
 */
export function holdSuiteLock() {
  before(takeSuiteLock);
}
