// The access log: one JSON line per list view, opened or downloaded document,
// documents.zip and opened link, in ACCESS_DIR/access-log.jsonl. It holds the
// time, the access (or the shared login), what and the outcome; never an
// address or a user agent. Only the API appends; lines older than
// ACCESS_LOG_RETENTION are removed by rewriting the file whole
// (docs/product.md#access-log).
import { appendFile, mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../files/durable-file';

/** How the shared login (user name and password) appears in the log. */
export const SHARED_LOGIN = 'shared login';

export const ACCESS_ACTIONS = ['link', 'list', 'open', 'download', 'zip'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/**
 * `completed`: the API sent every byte. `authorised`: the API answered with
 * X-Accel-Redirect and nginx sends the bytes; whether they all arrived is in
 * nginx's access log only. `aborted`: the visitor left before the API had sent
 * everything. `failed`: the file could not be served.
 */
export type AccessOutcome = 'completed' | 'authorised' | 'aborted' | 'failed';

export interface AccessLogEntry {
  at: string;
  /** The access's id, null for the shared login. */
  accessId: string | null;
  /** The access's name, or SHARED_LOGIN. */
  access: string;
  action: AccessAction;
  file?: string;
  outcome: AccessOutcome;
}

function isEntry(value: unknown): value is AccessLogEntry {
  const entry = value as Partial<AccessLogEntry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.at === 'string' &&
    typeof entry.access === 'string' &&
    ACCESS_ACTIONS.includes(entry.action as AccessAction)
  );
}

export class AccessLogFile {
  readonly path: string;

  constructor(private readonly dir: string) {
    this.path = join(dir, 'access-log.jsonl');
  }

  /**
   * A line cut short by a power loss would glue itself to the next entry:
   * end it first, so only that one line is unreadable.
   */
  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = await open(this.path, 'a+');
    try {
      const { size } = await file.stat();
      if (size === 0) return;
      const last = Buffer.alloc(1);
      await file.read(last, 0, 1, size - 1);
      if (last.toString() !== '\n') await file.appendFile('\n');
    } finally {
      await file.close();
    }
  }

  async append(entry: AccessLogEntry): Promise<void> {
    await appendFile(this.path, `${JSON.stringify(entry)}\n`);
  }

  /** Every readable entry, oldest first, and how many lines could not be read. */
  async read(): Promise<{ entries: AccessLogEntry[]; unreadable: number }> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], unreadable: 0 };
      throw error;
    }
    const entries: AccessLogEntry[] = [];
    let unreadable = 0;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry: unknown = JSON.parse(line);
        if (isEntry(entry)) entries.push(entry);
        else unreadable += 1;
      } catch {
        unreadable += 1;
      }
    }
    return { entries, unreadable };
  }

  /** Removes entries from before `cutoff`, and of links `known` (if given) lacks; returns how many. */
  async prune(cutoff: number, known?: Set<string>): Promise<number> {
    const { entries } = await this.read();
    const kept = entries.filter(
      ({ at, accessId }) =>
        Date.parse(at) >= cutoff && (typeof accessId !== 'string' || !known || known.has(accessId)),
    );
    const removed = entries.length - kept.length;
    if (removed > 0)
      await replaceFileDurably(
        this.path,
        kept.map((entry) => `${JSON.stringify(entry)}\n`).join(''),
      );
    return removed;
  }
}
