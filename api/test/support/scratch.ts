import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Jest loads this module afresh for each test file, so the list holds that file's folders.
const made: string[] = [];

/** A fresh folder in the system's temp folder, removed after the test file (remove-scratch.ts). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeScratchDirs(): Promise<void> {
  // Retries: an app closed a moment ago may still be finishing a write in its folder.
  const dirs = made.splice(0);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
}
