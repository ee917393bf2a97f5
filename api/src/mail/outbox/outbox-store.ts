// The mail outbox on disk. A message is one JSON file that lives in exactly
// one folder at a time, and every move is a rename, which is atomic:
//
//   queue/       waiting for its next attempt
//   sending/     claimed by one API process (the rename is the claim)
//   failed/      given up after the maximum age, with <id>.error.txt beside it
//   quarantine/  unreadable (empty, cut short by a power loss, edited by hand)
//
// Files are written to tmp/ first, flushed to disk and then renamed, so a
// crash leaves either the whole message or none of it; a write that fails
// (a full disk) removes its temporary file, which holds personal data.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../../files/durable-file';
import { QueuedMail, isQueuedMail } from './queued-mail';

export const FOLDERS = ['queue', 'sending', 'failed', 'quarantine', 'tmp'] as const;
export type Folder = (typeof FOLDERS)[number];

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const fileName = (id: string) => `${id}.json`;

/** A queued message as read from disk, with the bytes it takes there. */
export interface StoredMail {
  queued: QueuedMail;
  bytes: number;
}

export class UnreadableMailError extends Error {}

export class OutboxStore {
  constructor(private readonly root: string) {}

  private path(folder: Folder, name = '') {
    return join(this.root, folder, name);
  }

  async createFolders(): Promise<void> {
    await Promise.all(FOLDERS.map((folder) => mkdir(this.path(folder), { recursive: true })));
  }

  // Node's default permissions, as the outbox has always written its files.
  private writeDurably(folder: Folder, name: string, content: string): Promise<void> {
    const temporary = this.path('tmp', `${name}.${randomUUID()}`);
    return replaceFileDurably(this.path(folder, name), content, { temporary, mode: 0o666 });
  }

  /** File names in a folder, oldest message first (ids start with their creation time). */
  async names(folder: Folder, suffix = '.json'): Promise<string[]> {
    try {
      return (await readdir(this.path(folder))).filter((name) => name.endsWith(suffix)).sort();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  /** Writes a message into the queue; resolves once it is on disk. */
  async write(queued: QueuedMail): Promise<number> {
    const content = JSON.stringify(queued);
    await this.writeDurably('queue', fileName(queued.id), content);
    return Buffer.byteLength(content);
  }

  /** Reads one message; undefined when it is gone, UnreadableMailError when it is damaged. */
  async read(folder: Folder, name: string): Promise<StoredMail | undefined> {
    let text: string;
    try {
      text = await readFile(this.path(folder, name), 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    if (text.length === 0) throw new UnreadableMailError('empty file');
    let queued: unknown;
    try {
      queued = JSON.parse(text);
    } catch (error) {
      throw new UnreadableMailError((error as Error).message);
    }
    if (!isQueuedMail(queued) || fileName(queued.id) !== name)
      throw new UnreadableMailError('not a queued message');
    return { queued, bytes: Buffer.byteLength(text) };
  }

  /** Moves a damaged file aside, so the messages after it are still delivered. */
  async quarantine(folder: Folder, name: string): Promise<void> {
    await rename(this.path(folder, name), this.path('quarantine', name)).catch((error) => {
      if (!isMissing(error)) throw error;
    });
  }

  async count(folder: Folder): Promise<number> {
    try {
      return (await readdir(this.path(folder))).length;
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
  }

  /** Takes a message for this process; false when another one was faster. */
  async claim(id: string): Promise<boolean> {
    try {
      await rename(this.path('queue', fileName(id)), this.path('sending', fileName(id)));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** Delivered: the message leaves the outbox. */
  async done(id: string): Promise<void> {
    await unlink(this.path('sending', fileName(id)));
  }

  /** Not delivered: back to the queue for `nextAttemptAt`. */
  async retryLater(queued: QueuedMail): Promise<void> {
    await this.writeDurably('queue', fileName(queued.id), JSON.stringify(queued));
    await unlink(this.path('sending', fileName(queued.id)));
  }

  /** Given up: kept in failed/ with the last error beside it. */
  async giveUp(queued: QueuedMail): Promise<void> {
    await this.writeDurably('failed', `${queued.id}.error.txt`, `${queued.lastError ?? ''}\n`);
    await this.writeDurably('failed', fileName(queued.id), JSON.stringify(queued));
    await unlink(this.path('sending', fileName(queued.id)));
  }

  /** Claims older than `leaseMs` belong to a process that died while sending: back to the queue. */
  async releaseStaleClaims(leaseMs: number, now = Date.now()): Promise<void> {
    for (const name of await this.names('sending')) {
      try {
        // rename() updates ctime, so ctime is when the message was claimed.
        const { ctimeMs } = await stat(this.path('sending', name));
        if (now - ctimeMs > leaseMs)
          await rename(this.path('sending', name), this.path('queue', name));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  /** Failed messages go back to the queue, due now, with a fresh age. */
  async requeueFailed(now = Date.now()): Promise<number> {
    await this.createFolders();
    const names = await this.names('failed');
    for (const name of names) {
      const stored = await this.read('failed', name);
      if (!stored) continue;
      const fresh = { ...stored.queued, createdAt: now, attempts: 0, nextAttemptAt: now };
      await this.writeDurably('queue', name, JSON.stringify(fresh));
      await unlink(this.path('failed', name));
      await unlink(this.path('failed', name.replace(/\.json$/, '.error.txt'))).catch(() => {});
    }
    return names.length;
  }
}
