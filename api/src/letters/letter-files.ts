// A company's own PDFs on disk, in LETTERS_DIR (compose: the volume letters,
// read-only in web; docs/architecture.md#a-companys-own-documents):
//
//   <access id>/<letter id>.pdf   one letter, named by the access store's ids
//                                 alone, never by what was uploaded
//   .upload-<random>.tmp          an upload under way (a hidden .tmp file,
//                                 which backups leave out)
//
// An upload is written beside the letters first and moved into place, and
// its name recorded in accesses.json, while the access store's lock is held
// (access-changes.ts): a crash leaves at worst a file no access names, which
// the API removes at start, never a name without its file. nginx sends the
// files (X-Accel-Redirect to /_protected/letters/), so they are readable by
// others than the API's user, as the documents are.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { syncToDisk } from '../common/durable-file';
import type { Access, AccessLetter } from '../access/access-record';
import { STORE_ID } from '../access/access-record';
import { LETTER_MAX_BYTES } from './letter-limits';
import { PDF_HEAD } from './letter-rules';
import { receivePdf } from './pdf-receiver';

const UPLOAD = /^\.upload-[\w-]+\.tmp$/;
// A letter's file: its id in the access store (STORE_ID) and .pdf.
const LETTER_FILE = /^[\w-]{12}\.pdf$/;
// An upload not written to for this long was left by a process that ended.
const UPLOAD_ABANDONED_MS = 10 * 60_000;

/** What the start found wrong with the letters of one access, for one line of the log. */
export interface LetterProblem {
  access: Access;
  letter: AccessLetter;
  problem: 'missing' | 'damaged';
}

export class LetterFiles {
  constructor(readonly dir: string) {}

  /** Where a letter lies; only ever built from the store's own ids. */
  pathOf(accessId: string, letterId: string): string {
    if (!STORE_ID.test(accessId) || !STORE_ID.test(letterId))
      throw new Error(`not a letter of the access store: ${accessId}/${letterId}`);
    return join(this.dir, accessId, `${letterId}.pdf`);
  }

  /** An upload written to a temporary file: a PDF within the size limit, or refused. */
  async receive(source: Readable, declaredBytes?: number) {
    await mkdir(this.dir, { recursive: true });
    const temporary = join(this.dir, `.upload-${randomUUID()}.tmp`);
    const size = await receivePdf(source, temporary, LETTER_MAX_BYTES, declaredBytes);
    return { temporary, size };
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
    await rm(this.pathOf(accessId, letterId), { force: true });
  }

  /** Every letter of an access, with its folder. */
  async removeAll(accessId: string): Promise<void> {
    if (STORE_ID.test(accessId))
      await rm(join(this.dir, accessId), { recursive: true, force: true });
  }

  /**
   * At start, with the store's lock held: the letters of `accesses` that are missing or
   * damaged (their size differs, or they are no PDF), how many files no access names (left
   * by a crash, or by a restore of the access store alone) were removed, and the names of
   * entries this code never makes, which it leaves alone: LETTERS_DIR set to a folder of
   * something else must not cost that folder its files.
   */
  async tidy(accesses: Access[], now = Date.now()) {
    const named = new Map(accesses.map((access) => [access.id, access.letters ?? []]));
    let removed = 0;
    const foreign: string[] = [];
    for (const entry of await readdir(this.dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(this.dir, entry.name);
      const letters = named.get(entry.name) ?? [];
      if (entry.isDirectory() && letters.length > 0) {
        removed += await this.removeUnnamed(path, letters);
        continue;
      }
      const ours = entry.isDirectory()
        ? await this.isLetterFolder(entry.name)
        : UPLOAD.test(entry.name);
      if (!ours) foreign.push(entry.name);
      if (!ours || (UPLOAD.test(entry.name) && !(await this.abandoned(path, now)))) continue;
      await rm(path, { recursive: true, force: true });
      removed += 1;
    }
    const problems: LetterProblem[] = [];
    for (const access of accesses)
      for (const letter of access.letters ?? []) {
        const problem = await this.problemOf(access, letter);
        if (problem) problems.push({ access, letter, problem });
      }
    return { problems, removed, foreign: foreign.sort() };
  }

  private async removeUnnamed(folder: string, letters: AccessLetter[]): Promise<number> {
    const kept = new Set(letters.map((letter) => `${letter.id}.pdf`));
    const unnamed = (await readdir(folder)).filter((name) => !kept.has(name));
    await Promise.all(unnamed.map((name) => rm(join(folder, name), { recursive: true })));
    return unnamed.length;
  }

  /** A folder as the site makes one: an access's id holding its letters' files alone. */
  private async isLetterFolder(name: string): Promise<boolean> {
    if (!STORE_ID.test(name)) return false;
    const entries = await readdir(join(this.dir, name), { withFileTypes: true });
    return entries.every((entry) => entry.isFile() && LETTER_FILE.test(entry.name));
  }

  private async abandoned(path: string, now: number): Promise<boolean> {
    const { mtimeMs } = await stat(path);
    return now - mtimeMs > UPLOAD_ABANDONED_MS;
  }

  private async problemOf(access: Access, letter: AccessLetter) {
    const file = await open(this.pathOf(access.id, letter.id), 'r').catch(() => undefined);
    if (!file) return 'missing';
    try {
      const { size } = await file.stat();
      const head = Buffer.alloc(PDF_HEAD.length);
      await file.read(head, 0, head.length, 0);
      return size === letter.size && head.equals(PDF_HEAD) ? undefined : 'damaged';
    } finally {
      await file.close();
    }
  }
}
