// The rules every small JSON store of ACCESS_DIR follows (the accesses, the
// owner's passkeys and setup link): a file is replaced whole
// (replaceFileDurably); a file that does not parse is never read as empty but
// stops whoever reads it with one message naming it (docs/faults.md); and a
// read-change-write by one process takes turns with the others through a
// lock file, so two writers never overwrite each other's change.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { lock } from 'proper-lockfile';
import { replaceFileDurably } from '../files/durable-file';

/** A store's file that does not parse, or does not hold what it should. */
export class StoreDamagedError extends Error {}

/** The error for a damaged `path`; `store` names it for the owner ("Access store"). */
export function storeDamaged(store: string, path: string, why: string): StoreDamagedError {
  return new StoreDamagedError(
    `${store} ${path} is damaged (${why}): restore it from a backup or repair it by hand; nothing was changed`,
  );
}

/** The parsed content of `path`, undefined when there is no such file. */
export async function readJsonFile(path: string, store: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw storeDamaged(store, path, (error as Error).message);
  }
}

export function writeJsonFile(path: string, content: unknown): Promise<void> {
  return replaceFileDurably(path, `${JSON.stringify(content, null, 2)}\n`);
}

/**
 * Runs `work` while holding `path`'s lock file, across processes. proper-lockfile keeps one
 * record per path it locks: each store locks its own (which need not exist yet, hence no
 * realpath), never the folder it shares with the other stores.
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  await mkdir(dirname(path), { recursive: true });
  const release = await lock(path, {
    lockfilePath: `${path}.lock`,
    realpath: false,
    retries: { retries: 50, minTimeout: 20, maxTimeout: 200 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));
