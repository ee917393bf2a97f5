// The mail outbox on disk. A message is one JSON file that lives in exactly
// one folder at a time, and every move is a rename, which is atomic:
//
//   queue/    waiting for its next attempt
//   sending/  claimed by one API process (the rename is the claim)
//   failed/   given up after the maximum age, with <id>.error.txt beside it
//
// Files are written to tmp/ first, flushed to disk and then renamed, so a
// crash leaves either the whole message or none of it.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo: { name: string; address: string };
}

export interface QueuedMail {
  id: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
  mail: OutgoingMail;
}

export interface OutboxStats {
  queued: number;
  failed: number;
  oldestQueuedSeconds: number;
}

const FOLDERS = ['queue', 'sending', 'failed', 'tmp'] as const;
type Folder = (typeof FOLDERS)[number];
// A claim older than this belongs to a process that died while sending
// (a send gives up after at most about 50 s of SMTP timeouts).
const CLAIM_LEASE_MS = 10 * 60_000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
/** Ids start with the creation time, so names sort oldest first. */
const createdAtOf = (name: string) => Number(name.split('-')[0]);

export class OutboxStore {
  constructor(private readonly root: string) {}

  private path(folder: Folder, name = '') {
    return join(this.root, folder, name);
  }

  private async writeDurably(folder: Folder, name: string, content: string): Promise<void> {
    await Promise.all(FOLDERS.map((f) => mkdir(this.path(f), { recursive: true })));
    const temporary = this.path('tmp', `${name}.${randomUUID()}`);
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(content);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, this.path(folder, name));
    const dir = await open(this.path(folder), 'r');
    await dir.sync().finally(() => dir.close());
  }

  private async names(folder: Folder, suffix = '.json'): Promise<string[]> {
    try {
      return (await readdir(this.path(folder))).filter((name) => name.endsWith(suffix)).sort();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  /** Stores a new message; resolves once it is on disk. */
  async add(mail: OutgoingMail, now = Date.now()): Promise<QueuedMail> {
    const id = `${String(now).padStart(15, '0')}-${randomUUID()}`;
    const queued: QueuedMail = { id, createdAt: now, attempts: 0, nextAttemptAt: now, mail };
    await this.writeDurably('queue', `${id}.json`, JSON.stringify(queued));
    return queued;
  }

  /** Ids of queued messages due at `now`, oldest first. */
  async due(now = Date.now()): Promise<QueuedMail[]> {
    const due: QueuedMail[] = [];
    for (const name of await this.names('queue')) {
      const queued = await this.read('queue', name);
      if (queued && queued.nextAttemptAt <= now) due.push(queued);
    }
    return due;
  }

  /** When the next queued message is due, or undefined with none queued. */
  async nextDueAt(): Promise<number | undefined> {
    let next: number | undefined;
    for (const name of await this.names('queue')) {
      const queued = await this.read('queue', name);
      if (queued) next = Math.min(next ?? Infinity, queued.nextAttemptAt);
    }
    return next;
  }

  private async read(folder: Folder, name: string): Promise<QueuedMail | undefined> {
    try {
      return JSON.parse(await readFile(this.path(folder, name), 'utf8')) as QueuedMail;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Takes a message for this process; false when another one was faster. */
  async claim(id: string): Promise<boolean> {
    try {
      await rename(this.path('queue', `${id}.json`), this.path('sending', `${id}.json`));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Delivered: the message leaves the outbox. */
  async done(id: string): Promise<void> {
    await unlink(this.path('sending', `${id}.json`));
  }

  /** Not delivered: back to the queue for `nextAttemptAt`. */
  async retryLater(queued: QueuedMail): Promise<void> {
    await this.writeDurably('queue', `${queued.id}.json`, JSON.stringify(queued));
    await unlink(this.path('sending', `${queued.id}.json`));
  }

  /** Given up: kept in failed/ with the last error beside it. */
  async giveUp(queued: QueuedMail): Promise<void> {
    await this.writeDurably('failed', `${queued.id}.error.txt`, `${queued.lastError ?? ''}\n`);
    await this.writeDurably('failed', `${queued.id}.json`, JSON.stringify(queued));
    await unlink(this.path('sending', `${queued.id}.json`));
  }

  /** Claims of processes that died while sending go back to the queue. */
  async releaseStaleClaims(now = Date.now()): Promise<void> {
    for (const name of await this.names('sending')) {
      try {
        // rename() updates ctime, so ctime is when the message was claimed.
        const { ctimeMs } = await stat(this.path('sending', name));
        if (now - ctimeMs > CLAIM_LEASE_MS)
          await rename(this.path('sending', name), this.path('queue', name));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  /** Failed messages go back to the queue, due now, with a fresh age. */
  async requeueFailed(now = Date.now()): Promise<number> {
    const names = await this.names('failed');
    for (const name of names) {
      const queued = (await this.read('failed', name)) as QueuedMail;
      const fresh = { ...queued, createdAt: now, attempts: 0, nextAttemptAt: now };
      await this.writeDurably('queue', name, JSON.stringify(fresh));
      await unlink(this.path('failed', name));
      await unlink(this.path('failed', name.replace(/\.json$/, '.error.txt'))).catch(() => {});
    }
    return names.length;
  }

  async stats(now = Date.now()): Promise<OutboxStats> {
    const waiting = [...(await this.names('queue')), ...(await this.names('sending'))];
    const oldest = Math.min(...waiting.map(createdAtOf));
    return {
      queued: waiting.length,
      failed: (await this.names('failed')).length,
      oldestQueuedSeconds: waiting.length > 0 ? Math.floor((now - oldest) / 1000) : 0,
    };
  }
}
