// Folders in the system's temp folder for one test file, removed after its last test.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

const made: string[] = [];

/** A fresh folder in the system's temp folder, removed once the test file is done. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

// node's test runner gives each test file a process of its own, so this hook, registered on
// the file's root when a test file first imports this module, runs after all of its suites
// (and their own after hooks, which stop the servers using the folders), pass or fail.
after(async () => {
  const dirs = made.splice(0);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
});
