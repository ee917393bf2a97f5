// Every change to what a company sees, made on the owner's page or with
// make access-*, is mailed to the owner (docs/product.md#access-mails): the
// process that made it appends one line to access-changes.jsonl in
// ACCESS_DIR, and the API gathers the lines a minute after the first and
// queues one mail through the outbox (access-change-mailer.ts). So changes
// within a minute make one mail whichever process made them, and one made
// while the API is down is mailed once it runs. Appending and taking hold
// the access store's lock, so no line is lost between reading and removing.
import { existsSync } from 'node:fs';
import { appendFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isTime, withFileLock } from '../common/json-store';

/** Where a change was made. */
export type ChangeSource = 'page' | 'command';

export interface AccessChangeNote {
  at: string;
  via: ChangeSource;
  /** The owner's line, e.g. "Zugang für Messe AG erstellt: Bewerbung, GIBB; 1 eigenes PDF". */
  text: string;
}

const isNote = (value: unknown): value is AccessChangeNote => {
  const note = value as Partial<AccessChangeNote> | null;
  return isTime(note?.at) && typeof note?.text === 'string';
};

export class AccessChangeNotes {
  readonly path: string;

  constructor(
    dir: string,
    /** The access store's file, whose lock the notes share. */
    private readonly lockFile: string,
  ) {
    this.path = join(dir, 'access-changes.jsonl');
  }

  async add(text: string, via: ChangeSource, now = new Date()): Promise<void> {
    const line = `${JSON.stringify({ at: now.toISOString(), via, text })}\n`;
    await withFileLock(this.lockFile, () => appendFile(this.path, line, { mode: 0o600 }));
  }

  /** Every note, taken away, once the oldest is `afterMs` old; none before. */
  async takeDue(afterMs: number, now = Date.now()): Promise<AccessChangeNote[]> {
    if (!existsSync(this.path)) return [];
    return withFileLock(this.lockFile, async () => {
      const text = await readFile(this.path, 'utf8').catch(() => '');
      const notes = text.split('\n').flatMap((line) => {
        try {
          const note: unknown = JSON.parse(line);
          return isNote(note) ? [note] : [];
        } catch {
          return [];
        }
      });
      const due = notes.length > 0 && now - Date.parse(notes[0].at) >= afterMs;
      if (!due && notes.length > 0) return [];
      // Nothing readable is left: a line cut short would otherwise wait for ever.
      await rm(this.path, { force: true });
      return notes;
    });
  }
}
