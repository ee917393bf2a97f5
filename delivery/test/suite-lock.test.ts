// The engine suites' lock (engine/suite-lock.ts) is the kernel's: a live run keeps
// every other out, a killed one frees it at once, with no file left to clean.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { tryFlock } from '@portfolio/api/flock';

const HOLDER = `
  const { takeSuiteLock } = require(${JSON.stringify(path.join(__dirname, 'engine', 'suite-lock.ts'))});
  takeSuiteLock().then(() => console.log('held'));
  setInterval(() => {}, 1000);
`;

let cache: string;
before(async () => {
  cache = await mkdtemp(path.join(tmpdir(), 'delivery-suite-lock-'));
});
after(() => rm(cache, { recursive: true, force: true }));

/** A run of the suite in a process of its own, once it holds the lock. */
async function startHolder() {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', HOLDER], {
    env: { ...process.env, ENGINE_CACHE_DIR: cache },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  assert.equal(line.toString().trim(), 'held');
  return child;
}

test('a live run keeps the lock; killed, it frees it at once', async () => {
  const holder = await startHolder();
  const file = await open(path.join(cache, 'suite.lock'), 'a+');
  try {
    assert.equal(await tryFlock(file), false);
    assert.equal(
      await readFile(path.join(cache, 'suite.lock'), 'utf8'),
      `the engine suite run of pid ${holder.pid}`,
    );
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    assert.equal(await tryFlock(file), true);
  } finally {
    await file.close();
  }
});
