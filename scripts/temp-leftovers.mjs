// npm test's first and last step: `snapshot` lists what the system's temp folder (TMPDIR, else
// /tmp) holds before the tests, `check` fails, naming each one, when the tests left something of
// theirs behind. Only new entries named like the project's count: other programs on the machine
// may use the temp folder meanwhile. The snapshot lives outside the temp folder, by default
// under node_modules/.cache; a second argument names another file (the script's own test).
//
//   node scripts/temp-leftovers.mjs snapshot|check [snapshot-file]
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * How the project's tests, the code they start, and the browser Playwright drives name what
 * they make in the temp folder; temp-leftovers.test.mjs keeps this in step with the code.
 */
export const PROJECT_PREFIXES = [
  'portfolio-',
  'api-',
  'zip-cache-spec-',
  'zip-check-spec-',
  'documents-zip-spec-',
  'stamp-cache-spec-',
  'stamp-writer-spec-',
  'stamp-sweep-spec-',
  'retention-',
  'delivery-',
  'bench-',
  'playwright-artifacts-',
  'playwright_chromiumdev_profile-',
];

const DEFAULT_SNAPSHOT = path.join(
  import.meta.dirname,
  '..',
  'node_modules',
  '.cache',
  'temp-leftovers',
  'before.json',
);

export const isProjects = (name) => PROJECT_PREFIXES.some((prefix) => name.startsWith(prefix));

export function takeSnapshot(tempDir, snapshot) {
  mkdirSync(path.dirname(snapshot), { recursive: true });
  writeFileSync(snapshot, JSON.stringify(readdirSync(tempDir)));
}

/** The project's entries in `tempDir` that were not there at the snapshot. */
export function leftovers(tempDir, snapshot) {
  const before = new Set(JSON.parse(readFileSync(snapshot, 'utf8')));
  return readdirSync(tempDir)
    .filter((name) => !before.has(name) && isProjects(name))
    .sort()
    .map((name) => path.join(tempDir, name));
}

function check(snapshot) {
  const left = leftovers(os.tmpdir(), snapshot);
  if (left.length === 0) return;
  console.error(`Left in the temp folder by the tests (${left.length}):`);
  for (const entry of left) console.error(`  ${entry}`);
  console.error('The part of each name before its random end is in the code that made it.');
  process.exitCode = 1;
}

const commands = { snapshot: (snapshot) => takeSnapshot(os.tmpdir(), snapshot), check };

if (process.argv[1] === import.meta.filename) {
  const [name, snapshot = DEFAULT_SNAPSHOT] = process.argv.slice(2);
  if (Object.hasOwn(commands, name)) commands[name](snapshot);
  else {
    console.error('usage: node scripts/temp-leftovers.mjs snapshot|check [snapshot-file]');
    process.exitCode = 2;
  }
}
