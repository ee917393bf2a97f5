// A company's own PDFs on disk, in LETTERS_DIR (compose: the volume letters,
// read-only in web; docs/architecture.md#a-companys-own-documents):
//
//   <access id>/<letter id>.pdf   one letter, named by the access store's ids
//                                 alone, never by what was uploaded
//   .upload-<random>.tmp          an upload under way (a hidden .tmp file,
//                                 which backups leave out)
//
// An upload is written beside the letters first and moved into place, and
// its name, size and SHA-256 recorded in accesses.json, while the access
// store's lock is held (access-changes.ts): a crash leaves at worst a file no
// access names, which the API removes at start, never a name without its
// file. nginx sends the files (X-Accel-Redirect to /_protected/letters/), so
// they are readable by others than the API's user, as the documents are.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { syncToDisk } from '../files/durable-file';
import { STORE_ID } from '../common/store-id';
import type { AccessLetter, LetterHolder } from './letter-record';
import { LETTER_MAX_BYTES } from './letter-limits';
import { PDF_HEAD } from './letter-rules';
import { receivePdf } from './pdf-receiver';

const UPLOAD = /^\.upload-[\w-]+\.tmp$/;
// A letter's file: its id in the access store (STORE_ID) and .pdf.
const LETTER_FILE = /^[\w-]{12}\.pdf$/;

/** What the check found wrong with one letter; it is withheld until the owner replaces it. */
export interface LetterProblem {
  access: LetterHolder;
  letter: AccessLetter;
  problem: 'missing' | 'damaged';
}

/** What a check of the letters found (tidy, below). */
export interface LetterCheck {
  problems: LetterProblem[];
  /** Hashes taken now of sound letters stored without one, by letter id. */
  hashes: Map<string, string>;
  /** Files no access names that were removed. */
  removed: number;
  /** Entries this code never makes, left alone. */
  foreign: string[];
  /** Letter folders left alone because the access store proves nothing (below). */
  unproven: number;
}

export class LetterFiles {
  /** Letters whose bytes no longer hash as received: withheld (docs/product.md). */
  private readonly damaged = new Set<string>();

  constructor(readonly dir: string) {}

  /** A letter's file within the folder (`<access>/<letter>.pdf`); only ever of the store's own ids. */
  storedName(accessId: string, letterId: string): string {
    if (!STORE_ID.test(accessId) || !STORE_ID.test(letterId))
      throw new Error(`not a letter of the access store: ${accessId}/${letterId}`);
    return `${accessId}/${letterId}.pdf`;
  }

  /** Where a letter lies. */
  pathOf(accessId: string, letterId: string): string {
    return join(this.dir, this.storedName(accessId, letterId));
  }

  /** Whether the last check found this letter's bytes changed since they were received. */
  isDamaged(letterId: string): boolean {
    return this.damaged.has(letterId);
  }

  /** An upload written to a temporary file: a PDF within the size limit, or refused. */
  async receive(source: Readable, declaredBytes?: number) {
    await mkdir(this.dir, { recursive: true });
    const temporary = join(this.dir, `.upload-${randomUUID()}.tmp`);
    const received = await receivePdf(source, temporary, LETTER_MAX_BYTES, declaredBytes);
    return { temporary, ...received };
  }

  /** Moves a received upload into place as this letter. */
  async moveIn(temporary: string, accessId: string, letterId: string): Promise<void> {
    const path = this.pathOf(accessId, letterId);
    await mkdir(join(this.dir, accessId), { recursive: true, mode: 0o755 });
    await rename(temporary, path);
    await syncToDisk(join(this.dir, accessId));
  }

  /** Removes an upload that was refused or not moved in; none there is fine. */
  async discard(temporary: string): Promise<void> {
    await unlink(temporary).catch(() => undefined);
  }

  async remove(accessId: string, letterId: string): Promise<void> {
    this.damaged.delete(letterId);
    await rm(this.pathOf(accessId, letterId), { force: true });
  }

  /** Every letter of an access, with its folder. */
  async removeAll(accessId: string): Promise<void> {
    if (STORE_ID.test(accessId))
      await rm(join(this.dir, accessId), { recursive: true, force: true });
  }

  /**
   * At start and daily, with the store's lock held: every letter of `accesses` checked whole
   * (size, PDF head, hash), at start every upload (of a process that ended), and the files no access
   * names removed, but only when the store proves which are its own: `stored` (its file was
   * read) and naming an access, or no letter folder beside it. An empty or missing store
   * beside letter folders is a wrong ACCESS_DIR or a volume made anew, never a reason to
   * delete. Entries this code never makes are left alone: LETTERS_DIR set to a folder of
   * something else must not cost that folder its files.
   */
  async tidy(accesses: LetterHolder[], stored: boolean, atStart: boolean): Promise<LetterCheck> {
    const named = new Map(accesses.map((access) => [access.id, access.letters ?? []]));
    const check: LetterCheck = {
      problems: [],
      hashes: new Map(),
      removed: 0,
      foreign: [],
      unproven: 0,
    };
    const entries = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    const folders = [];
    for (const entry of entries) {
      const path = join(this.dir, entry.name);
      if (UPLOAD.test(entry.name) && entry.isFile()) {
        if (!atStart) continue;
        await rm(path, { force: true });
        check.removed += 1;
      } else if (
        entry.isDirectory() &&
        (named.has(entry.name) || (await this.isLetterFolder(entry.name)))
      )
        folders.push(entry.name);
      else check.foreign.push(entry.name);
    }
    const proven = stored && (accesses.length > 0 || folders.length === 0);
    for (const folder of folders) {
      if (!proven) check.unproven += 1;
      else check.removed += await this.removeUnnamed(folder, named.get(folder));
    }
    for (const access of accesses)
      for (const letter of access.letters ?? []) await this.checkLetter(access, letter, check);
    this.damaged.clear();
    for (const { letter, problem } of check.problems)
      if (problem === 'damaged') this.damaged.add(letter.id);
    check.foreign.sort();
    return check;
  }

  /** A folder no access names goes whole; one an access names loses only what it does not name. */
  private async removeUnnamed(name: string, letters: AccessLetter[] | undefined): Promise<number> {
    const folder = join(this.dir, name);
    if (!letters || letters.length === 0) {
      await rm(folder, { recursive: true, force: true });
      return 1;
    }
    const kept = new Set(letters.map((letter) => `${letter.id}.pdf`));
    const unnamed = (await readdir(folder)).filter((file) => !kept.has(file));
    await Promise.all(unnamed.map((file) => rm(join(folder, file), { recursive: true })));
    return unnamed.length;
  }

  /** A folder as the site makes one: an access's id holding its letters' files alone. */
  private async isLetterFolder(name: string): Promise<boolean> {
    if (!STORE_ID.test(name)) return false;
    const entries = await readdir(join(this.dir, name), { withFileTypes: true });
    return entries.every((entry) => entry.isFile() && LETTER_FILE.test(entry.name));
  }

  private async checkLetter(access: LetterHolder, letter: AccessLetter, check: LetterCheck) {
    const file = await open(this.pathOf(access.id, letter.id), 'r').catch(() => undefined);
    if (!file) return check.problems.push({ access, letter, problem: 'missing' });
    try {
      const { size } = await file.stat();
      const head = Buffer.alloc(PDF_HEAD.length);
      await file.read(head, 0, head.length, 0);
      const hash = createHash('sha256');
      for await (const chunk of file.createReadStream({ start: 0, autoClose: false }))
        hash.update(chunk as Buffer);
      const sha256 = hash.digest('hex');
      const sound = size === letter.size && head.equals(PDF_HEAD);
      if (!sound || (letter.sha256 !== undefined && letter.sha256 !== sha256))
        check.problems.push({ access, letter, problem: 'damaged' });
      else if (letter.sha256 === undefined) check.hashes.set(letter.id, sha256);
    } finally {
      await file.close();
    }
    return undefined;
  }
}
