// The accesses on disk, in ACCESS_DIR (compose: the volume access-data):
//
//   accesses.json     the accesses, the sections each sees and the names of its
//                     own PDFs (whose bytes lie in LETTERS_DIR, letters/); written
//                     only by the owner: the commands (access.cli.ts) and the
//                     owner's page (owner/), both through access-changes.ts
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
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  isObject,
  readJsonFile,
  storeDamaged,
  withFileLock,
  writeJsonFile,
} from '../common/json-store';
import { hashAccessCode, newAccessCode, normaliseAccessCode } from './access-code';
import { newStoreId } from '../common/store-id';
import { InputError } from '../common/typed-input';
import type { AccessLetter } from '../letters/letter-record';
import {
  Access,
  AccessUsage,
  accessState,
  checkLabel,
  isAccess,
  isUsage,
  sameLabel,
} from './access-record';

const DAY_MS = 86_400_000;
const STORE = 'Access store';

/** The access without its letters: their files are the caller's to remove. */
function withoutLetters(access: Access): Access {
  const changed = { ...access };
  delete changed.letters;
  return changed;
}

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

  /** Whether accesses.json is there: only a store that exists proves which letters are its own. */
  async exists(): Promise<boolean> {
    return (await this.fingerprint()) !== 'none';
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

  /**
   * Creates an access valid for `days` that sees `sections` (checked by the caller); the
   * code is returned once and stored only as a hash.
   */
  async add(
    label: string,
    days: number,
    sections: string[],
    now = Date.now(),
  ): Promise<{ access: Access; code: string }> {
    const name = checkLabel(label);
    if (!Number.isSafeInteger(days) || days < 1 || days > 3650)
      throw new InputError('DAYS muss eine ganze Zahl von 1 bis 3650 sein.');
    return this.changeAccesses((accesses) => {
      if (accesses.some((a) => sameLabel(a.label, name) && accessState(a, now) === 'active'))
        throw new InputError(
          `Es gibt schon einen gültigen Zugang „${name}“. Zuerst widerrufen (make access-revoke) oder einen anderen Namen wählen.`,
        );
      const code = newAccessCode();
      const access: Access = {
        id: newStoreId(),
        label: name,
        codeHash: hashAccessCode(normaliseAccessCode(code) as string),
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + days * DAY_MS).toISOString(),
        sections,
      };
      return { accesses: [...accesses, access], result: { access, code } };
    });
  }

  /**
   * Revokes the active accesses of that name; returns them (none: nothing changed). Their
   * letters go from the store in the same write; their files are the caller's to remove.
   */
  async revoke(label: string, now = Date.now()): Promise<Access[]> {
    const name = checkLabel(label);
    return this.changeAccesses((accesses) => {
      const revoked: Access[] = [];
      const next = accesses.map((access) => {
        if (!sameLabel(access.label, name) || accessState(access, now) !== 'active') return access;
        const changed = { ...withoutLetters(access), revokedAt: new Date(now).toISOString() };
        revoked.push(changed);
        return changed;
      });
      return { accesses: revoked.length > 0 ? next : accesses, result: revoked };
    });
  }

  /**
   * Ends the access with this id if it is still active, or drops the letters an ended one
   * still has; returns it as it is now, or undefined for an unknown id.
   */
  async revokeById(id: string, now = Date.now()): Promise<Access | undefined> {
    return this.update(id, (access) => {
      if (accessState(access, now) === 'active')
        return { ...withoutLetters(access), revokedAt: new Date(now).toISOString() };
      return access.letters ? withoutLetters(access) : access;
    });
  }

  /**
   * Changes the access with this id while holding the lock (`change` may wait, e.g. to
   * move a file into place, and may throw to change nothing); returns it as it is now, or
   * undefined for an unknown id. Unchanged (the same object back), nothing is written.
   */
  async update(
    id: string,
    change: (access: Access) => Access | Promise<Access>,
  ): Promise<Access | undefined> {
    return this.changeAccesses(async (accesses) => {
      const access = accesses.find((candidate) => candidate.id === id);
      if (!access) return { accesses, result: undefined };
      const changed = await change(access);
      if (changed === access) return { accesses, result: access };
      return {
        accesses: accesses.map((candidate) => (candidate === access ? changed : candidate)),
        result: changed,
      };
    });
  }

  /**
   * Runs `work` on the accesses while holding the lock, so no command changes them meanwhile;
   * the hashes it returns (by letter id) are recorded for letters stored without one.
   */
  whileLocked<T extends { hashes?: Map<string, string> }>(
    work: (accesses: Access[]) => Promise<T>,
  ): Promise<T> {
    return this.changeAccesses(async (accesses) => {
      const result = await work(accesses);
      const hashes = result.hashes ?? new Map<string, string>();
      if (hashes.size === 0) return { accesses, result };
      const hashed = (letter: AccessLetter) => {
        const sha256 = hashes.get(letter.id);
        return sha256 && !letter.sha256 ? { ...letter, sha256 } : letter;
      };
      const next = accesses.map((access) =>
        access.letters ? { ...access, letters: access.letters.map(hashed) } : access,
      );
      return { accesses: next, result };
    });
  }

  /** Gives every access stored without sections these; returns those it changed. */
  async fillSections(sections: string[]): Promise<Access[]> {
    return this.changeAccesses((accesses) => {
      const filled = accesses.filter((access) => access.sections === undefined);
      if (filled.length === 0) return { accesses, result: [] };
      const next = accesses.map((access) =>
        filled.includes(access) ? { ...access, sections: [...sections] } : access,
      );
      return { accesses: next, result: filled };
    });
  }

  /** Drops the letters of the accesses `ended` picks; returns those accesses as they were. */
  async dropLetters(ended: (access: Access) => boolean): Promise<Access[]> {
    return this.changeAccesses((accesses) => {
      const dropped = accesses.filter((access) => access.letters && ended(access));
      if (dropped.length === 0) return { accesses, result: [] };
      const next = accesses.map((access) =>
        dropped.includes(access) ? withoutLetters(access) : access,
      );
      return { accesses: next, result: dropped };
    });
  }

  /** Removes an ended access from the store; returns it as it was, or undefined when `pick` finds none. */
  async remove(pick: (accesses: Access[]) => Access | undefined): Promise<Access | undefined> {
    return this.changeAccesses((accesses) => {
      const access = pick(accesses);
      if (!access) return { accesses, result: undefined };
      if (accessState(access) === 'active')
        throw new InputError(
          `Der Zugang „${access.label}“ gilt noch: zuerst widerrufen (make access-revoke).`,
          409,
        );
      return { accesses: accesses.filter((other) => other !== access), result: access };
    });
  }

  /** Reads, changes and writes accesses.json while holding the commands' lock. */
  private changeAccesses<T>(
    change: (
      accesses: Access[],
    ) => { accesses: Access[]; result: T } | Promise<{ accesses: Access[]; result: T }>,
  ): Promise<T> {
    return withFileLock(this.accessesFile, async () => {
      const before = await this.readAccesses();
      const { accesses, result } = await change(before);
      if (accesses !== before) await writeJsonFile(this.accessesFile, { version: 1, accesses });
      return result;
    });
  }
}
