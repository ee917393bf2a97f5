// Without AUTH_PASSWORD_HASH the API makes a login password once and keeps
// its scrypt hash beside the access store (ACCESS_DIR/one-time-password.json;
// compose: the volume access-data), so a password the owner has given out
// still holds after a restart or an update, until the owner sets one
// (make password). The password itself is shown once, by the start that
// makes it, and stored nowhere.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../files/durable-file';
import {
  hashPassword,
  parsePasswordHash,
  type ParsedPasswordHash,
} from '../passwords/password-hash';

export const ONE_TIME_PASSWORD_FILE = 'one-time-password.json';

export interface OneTimePassword {
  hash: ParsedPasswordHash;
  /** When it was made (ISO 8601). */
  createdAt: string;
  /** Only when this call made it: to be shown once. */
  password?: string;
}

interface Stored {
  hash: string;
  createdAt: string;
}

const damaged = (file: string, why: string) =>
  new Error(
    `One-time password file ${file} is damaged (${why}): set AUTH_PASSWORD_HASH (make password) ` +
      'or delete the file for a new one-time password',
  );

async function readStored(file: string): Promise<OneTimePassword | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let stored: Partial<Stored>;
  try {
    stored = JSON.parse(text) as Partial<Stored>;
  } catch {
    throw damaged(file, 'not JSON');
  }
  const hash = typeof stored?.hash === 'string' ? parsePasswordHash(stored.hash) : undefined;
  const createdAt = stored?.createdAt;
  if (!hash || typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt)))
    throw damaged(file, 'no hash and time');
  return { hash, createdAt };
}

/** The kept one-time password of `dir`, or a new one, kept there from now on. */
export async function oneTimePassword(dir: string, now = new Date()): Promise<OneTimePassword> {
  const file = join(dir, ONE_TIME_PASSWORD_FILE);
  const kept = await readStored(file);
  if (kept) return kept;
  const password = randomBytes(18).toString('base64url');
  const stored: Stored = { hash: await hashPassword(password), createdAt: now.toISOString() };
  await mkdir(dir, { recursive: true });
  await replaceFileDurably(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  const hash = parsePasswordHash(stored.hash);
  if (!hash) throw new Error('Could not create the one-time password');
  return { hash, createdAt: stored.createdAt, password };
}
