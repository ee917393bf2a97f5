// A lock that only the holder's death or its closing the file releases: flock(2)
// on an open file, which the kernel drops with the last descriptor of it, however
// the holder ends. Node has no flock(2): flock(1) (util-linux; busybox in the
// image) locks the descriptor it inherits from this process, which keeps it.
import { spawn } from 'node:child_process';
import type { FileHandle } from 'node:fs/promises';

/** An exclusive flock(2) on `file`, not waiting: whether this process now holds it. */
export function tryFlock(file: FileHandle): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn('flock', ['-x', '-n', '3'], {
      stdio: ['ignore', 'ignore', 'pipe', file.fd],
    });
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`Die Sperre braucht flock (util-linux): ${error.message}`)),
    );
    child.on('close', (status) => {
      if (status === 0) resolve(true);
      else if (status === 1 && said === '') resolve(false);
      else reject(new Error(`flock: ${said.trim() || status}`));
    });
  });
}
