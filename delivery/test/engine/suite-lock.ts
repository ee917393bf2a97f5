// One run of the engine suites at a time on a machine: they share the cache
// folder, the bridge portfolio-eng0, the iptables chain PORTFOLIO-ENGINE and,
// for the owner's stand-in, docker0. A second run would take those from
// under the first; it stops at once with one line instead.
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

function acquire() {
  mkdirSync(cacheDir, { recursive: true });
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (alive(holder))
      throw new Error(`another run of the engine suite (pid ${holder}) holds ${lockFile}`);
    // Left by a run that was killed.
    writeFileSync(lockFile, String(process.pid));
  }
}

function release() {
  if (existsSync(lockFile) && readFileSync(lockFile, 'utf8') === String(process.pid))
    rmSync(lockFile);
}

/**
 * Takes the lock before the enclosing describe block's tests and hooks;
 * gives it back when the process ends, after every hook has cleaned up.
 */
export function holdSuiteLock() {
  before(() => {
    acquire();
    process.once('exit', release);
  });
}
