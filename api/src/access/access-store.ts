// The accesses on disk, in ACCESS_DIR (compose: the volume access-data):
//
//   accesses.json     the accesses; written only by the owner: the commands
//                     (access.cli.ts) and the owner's page (owner/)
//   usage.json        first and last use per access; written only by the API
//   access-log.jsonl  what was opened (access-log.ts); appended only by the API
//
// One writer per file, so a revocation written by the owner while the API
// records a use can never be overwritten by an older copy. Each JSON file is
// replaced whole (replaceFileDurably). A file that does not parse is never
// read as empty: that would silently revoke nothing, or forget every access;
// the start stops instead with one message naming the file (docs/faults.md).
// Two commands at once (two terminals, a script, the owner's page) take turns
// through a lock file, so neither writes over the access the other one has
// just added (common/json-store.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isObject,
  isTime,
  readJsonFile,
  storeDamaged,
  withFileLock,
  writeJsonFile,
} from '../common/json-store';
import { hashAccessCode, newAccessCode, normaliseAccessCode } from './access-code';

export interface Access {
  id: string;
  label: string;
  codeHash: string;
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
}

export interface AccessUsage {
  firstUsedAt: string;
  lastUsedAt: string;
  /** How often the link was opened (a code exchanged for a session). */
  opened: number;
}

export type AccessState = 'active' | 'expired' | 'revoked';

/** A name or a number of days the store refuses; the message is for the owner. */
export class AccessInputError extends Error {}

export const LABEL_MAX = 80;
/** How long an access is valid unless the owner says otherwise. */
export const DEFAULT_ACCESS_DAYS = 90;
const DAY_MS = 86_400_000;
const STORE = 'Access store';

function isAccess(value: unknown): value is Access {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.label === 'string' &&
    typeof value.codeHash === 'string' &&
    isTime(value.createdAt) &&
    isTime(value.expiresAt) &&
    (value.revokedAt === undefined || isTime(value.revokedAt))
  );
}

function isUsage(value: unknown): value is AccessUsage {
  return (
    isObject(value) &&
    isTime(value.firstUsedAt) &&
    isTime(value.lastUsedAt) &&
    Number.isSafeInteger(value.opened)
  );
}

export function accessState(access: Access, now = Date.now()): AccessState {
  if (access.revokedAt) return 'revoked';
  return Date.parse(access.expiresAt) <= now ? 'expired' : 'active';
}

// Control and format characters: line breaks that split a mail header or a log line,
// and the invisible ones (bidi overrides, zero-width) that make a name read as another.
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * A label the owner can tell apart and a mail subject can carry; the one check for the
 * owner's page and make access-*.
 */
export function checkLabel(label: string): string {
  const trimmed = label.trim();
  if (!trimmed) throw new AccessInputError('Der Name fehlt, z. B. NAME="Muster AG".');
  if (HIDDEN_CHARACTERS.test(trimmed))
    throw new AccessInputError(
      'Der Name enthält Steuer- oder unsichtbare Zeichen (z. B. Zeilenumbruch, Richtungswechsel).',
    );
  if (trimmed.length > LABEL_MAX)
    throw new AccessInputError(`Der Name ist länger als ${LABEL_MAX} Zeichen.`);
  return trimmed;
}

/** Two names for the same access: case does not count. */
export const sameLabel = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export class AccessStore {
  readonly accessesFile: string;
  readonly usageFile: string;

  constructor(readonly dir: string) {
    this.accessesFile = join(dir, 'accesses.json');
    this.usageFile = join(dir, 'usage.json');
  }

  /** Changes whenever a command replaced accesses.json (a rename gives a new inode). */
  async fingerprint(): Promise<string> {
    try {
      const { ino, mtimeMs, size } = await stat(this.accessesFile);
      return `${ino}:${mtimeMs}:${size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
      throw error;
    }
  }

  async readAccesses(): Promise<Access[]> {
    const content = await readJsonFile(this.accessesFile, STORE);
    if (content === undefined) return [];
    if (!isObject(content) || !Array.isArray(content.accesses) || !content.accesses.every(isAccess))
      throw storeDamaged(STORE, this.accessesFile, 'not a list of accesses');
    return content.accesses;
  }

  async readUsage(): Promise<Record<string, AccessUsage>> {
    const content = await readJsonFile(this.usageFile, STORE);
    if (content === undefined) return {};
    if (!isObject(content) || !Object.values(content).every(isUsage))
      throw storeDamaged(STORE, this.usageFile, 'not a record of uses');
    return content as Record<string, AccessUsage>;
  }

  async writeUsage(usage: Record<string, AccessUsage>): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeJsonFile(this.usageFile, usage);
  }

  /** Creates an access valid for `days`; the code is returned once and stored only as a hash. */
  async add(
    label: string,
    days: number,
    now = Date.now(),
  ): Promise<{ access: Access; code: string }> {
    const name = checkLabel(label);
    if (!Number.isSafeInteger(days) || days < 1 || days > 3650)
      throw new AccessInputError('DAYS muss eine ganze Zahl von 1 bis 3650 sein.');
    return this.changeAccesses((accesses) => {
      if (accesses.some((a) => sameLabel(a.label, name) && accessState(a, now) === 'active'))
        throw new AccessInputError(
          `Es gibt schon einen gültigen Zugang „${name}“. Zuerst widerrufen (make access-revoke) oder einen anderen Namen wählen.`,
        );
      const code = newAccessCode();
      const access: Access = {
        id: randomBytes(9).toString('base64url'),
        label: name,
        codeHash: hashAccessCode(normaliseAccessCode(code) as string),
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + days * DAY_MS).toISOString(),
      };
      return { accesses: [...accesses, access], result: { access, code } };
    });
  }

  /** Revokes the active accesses of that name; returns them (none: nothing changed). */
  async revoke(label: string, now = Date.now()): Promise<Access[]> {
    const name = checkLabel(label);
    return this.changeAccesses((accesses) => {
      const revoked: Access[] = [];
      const next = accesses.map((access) => {
        if (!sameLabel(access.label, name) || accessState(access, now) !== 'active') return access;
        const changed = { ...access, revokedAt: new Date(now).toISOString() };
        revoked.push(changed);
        return changed;
      });
      return { accesses: revoked.length > 0 ? next : accesses, result: revoked };
    });
  }

  /**
   * Ends the access with this id if it is still active; returns it as it is now, or
   * undefined for an unknown id. An expired or revoked access stays as it was.
   */
  async revokeById(id: string, now = Date.now()): Promise<Access | undefined> {
    return this.changeAccesses((accesses) => {
      const access = accesses.find((candidate) => candidate.id === id);
      if (!access || accessState(access, now) !== 'active') return { accesses, result: access };
      const changed = { ...access, revokedAt: new Date(now).toISOString() };
      return {
        accesses: accesses.map((candidate) => (candidate === access ? changed : candidate)),
        result: changed,
      };
    });
  }

  /** Reads, changes and writes accesses.json while holding the commands' lock. */
  private changeAccesses<T>(
    change: (accesses: Access[]) => { accesses: Access[]; result: T },
  ): Promise<T> {
    return withFileLock(this.accessesFile, async () => {
      const before = await this.readAccesses();
      const { accesses, result } = change(before);
      if (accesses !== before) await writeJsonFile(this.accessesFile, { version: 1, accesses });
      return result;
    });
  }
}
