// A small file system for tests of a full disk: a tmpfs of a given size on a
// fresh temporary folder. Mounting needs root; callers skip otherwise.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const canMount = process.getuid?.() === 0;

export interface SmallDisk {
  path: string;
  /** Unmounts the tmpfs and removes its folder. */
  remove(): void;
}

export function mountSmallDisk(size: string, prefix = 'portfolio-small-disk-'): SmallDisk {
  const path = mkdtempSync(join(tmpdir(), prefix));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path]);
  } catch (error) {
    rmSync(path, { recursive: true, force: true });
    throw error;
  }
  return {
    path,
    remove: () => {
      execFileSync('umount', [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
