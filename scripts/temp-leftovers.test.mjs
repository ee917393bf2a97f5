// The temp-folder check of npm test, proven to fail: it runs as npm test runs it, against a
// temp folder of its own (TMPDIR), and must name a leftover and nothing else. And its list of
// the project's prefixes must cover every temp folder the code names, or a new one would pass
// unnoticed. Run by `npm test`.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promisify } from 'node:util';
import { isProjects } from './temp-leftovers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const script = path.join(import.meta.dirname, 'temp-leftovers.mjs');

/** A temp folder and a snapshot file beside it, removed after `t`. */
function scratch(t) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-temp-check-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const tempDir = path.join(dir, 'tmp');
  mkdirSync(tempDir);
  return { tempDir, snapshot: path.join(dir, 'before.json') };
}

/** The script as npm test runs it, with `tempDir` as the system's temp folder. */
async function run(command, { tempDir, snapshot }) {
  const env = { ...process.env, TMPDIR: tempDir };
  try {
    const { stderr } = await promisify(execFile)('node', [script, command, snapshot], { env });
    return { code: 0, stderr };
  } catch (error) {
    return { code: error.code, stderr: error.stderr };
  }
}

test('fails naming what the tests left, and only that', async (t) => {
  const folders = scratch(t);
  const make = (name) => mkdirSync(path.join(folders.tempDir, name));
  make('portfolio-stack-before');
  assert.deepEqual(await run('snapshot', folders), { code: 0, stderr: '' });
  make('portfolio-outbox-Ab12Cd');
  make('api-access-Ef34Gh');
  make('systemd-private-of-another-program');

  const { code, stderr } = await run('check', folders);
  assert.equal(code, 1);
  const named = stderr.split('\n').filter((line) => line.startsWith('  '));
  assert.deepEqual(named, [
    `  ${path.join(folders.tempDir, 'api-access-Ef34Gh')}`,
    `  ${path.join(folders.tempDir, 'portfolio-outbox-Ab12Cd')}`,
  ]);
});

test('passes when the temp folder holds nothing new of the project', async (t) => {
  const folders = scratch(t);
  mkdirSync(path.join(folders.tempDir, 'portfolio-stack-before'));
  await run('snapshot', folders);
  mkdirSync(path.join(folders.tempDir, 'systemd-private-of-another-program'));
  assert.deepEqual(await run('check', folders), { code: 0, stderr: '' });
});

/** Every source file of the repository, outside installed and built folders. */
function sourceFiles(dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return /^(node_modules|dist|dist-ssr|\..*)$/.test(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

test('knows the prefix of every temp folder the code makes', () => {
  // A prefix given to mkdtemp in the temp folder (path.join or join, os.tmpdir or tmpdir,
  // Sync or not) or to the tests' scratchDir helpers.
  const made =
    /(?:mkdtemp(?:Sync)?\(\s*(?:path\.)?join\(\s*(?:os\.)?tmpdir\(\),|scratchDir\()\s*'([^']+)'/g;
  const prefixes = sourceFiles().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(made)].map(([, prefix]) => prefix),
  );
  assert.ok(prefixes.length > 10, `found only ${prefixes.join(', ')}`);
  assert.deepEqual(
    prefixes.filter((prefix) => !isProjects(prefix)),
    [],
    'add these to PROJECT_PREFIXES in scripts/temp-leftovers.mjs',
  );
});
