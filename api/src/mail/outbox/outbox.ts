// What the API knows of its outbox, kept in memory so that storing a message
// costs the same however long the queue is: the folders are listed once at
// start and again on the worker's timer (to see what another process or the
// retry command changed), never per contact message. The queue has a bound
// in messages and bytes; beyond it new messages are refused (503) rather
// than filling the disk that every other message needs. See docs/faults.md.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig, appConfig } from '../../config/app-config';
import { Folder, OutboxStore, UnreadableMailError } from './outbox-store';
import { newQueuedMail, OutgoingMail, QueuedMail } from './queued-mail';

export interface OutboxStats {
  queued: number;
  failed: number;
  quarantined: number;
  oldestQueuedSeconds: number;
}

export class OutboxFullError extends Error {}

interface Waiting {
  createdAt: number;
  nextAttemptAt: number;
  bytes: number;
  /** When this process last wrote or read the entry; a refresh keeps newer ones. */
  seenAt: number;
}

@Injectable()
export class Outbox {
  private readonly logger = new Logger('Mail');
  private readonly waiting = new Map<string, Waiting>();
  private bytes = 0;
  private failed = 0;
  private quarantined = 0;
  private full = false;

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly store: OutboxStore,
  ) {}

  /** Stores a new message; resolves once it is on disk. */
  async enqueue(mail: OutgoingMail, now = Date.now()): Promise<QueuedMail> {
    this.refuseWhenFull();
    const queued = newQueuedMail(mail, now);
    await this.store.createFolders();
    this.track(queued.id, queued, await this.store.write(queued));
    return queued;
  }

  private refuseWhenFull(): void {
    const { maxMessages, maxBytes } = this.config.mail.outbox;
    const full = this.waiting.size >= maxMessages || this.bytes >= maxBytes;
    if (full && !this.full)
      this.logger.error(
        `Mail outbox full (${this.waiting.size} messages, ${this.bytes} bytes): new contact messages are refused until the mail server takes the waiting ones`,
      );
    this.full = full;
    if (full) throw new OutboxFullError('The outbox is full');
  }

  async stats(now = Date.now()): Promise<OutboxStats> {
    let oldest = now;
    for (const entry of this.waiting.values()) oldest = Math.min(oldest, entry.createdAt);
    return {
      queued: this.waiting.size,
      failed: this.failed,
      quarantined: this.quarantined,
      oldestQueuedSeconds: Math.max(0, Math.floor((now - oldest) / 1000)),
    };
  }

  /** Lists the folders again: messages of other processes, claims of dead ones, counts. */
  async refresh(now = Date.now()): Promise<void> {
    await this.store.createFolders();
    await this.store.releaseStaleClaims(this.config.mail.outbox.sendLeaseMs, now);
    const onDisk = new Set<string>();
    for (const folder of ['queue', 'sending'] as const) {
      for (const name of await this.store.names(folder)) {
        const id = name.slice(0, -'.json'.length);
        onDisk.add(id);
        if (!this.waiting.has(id)) await this.load(folder, name, now);
      }
    }
    for (const [id, entry] of this.waiting)
      if (!onDisk.has(id) && entry.seenAt < now) this.forget(id);
    this.failed = (await this.store.names('failed')).length;
    this.quarantined = await this.store.count('quarantine');
  }

  private async load(folder: Folder, name: string, now: number): Promise<QueuedMail | undefined> {
    try {
      const stored = await this.store.read(folder, name);
      if (stored) this.track(stored.queued.id, stored.queued, stored.bytes, now);
      return stored?.queued;
    } catch (error) {
      if (!(error instanceof UnreadableMailError)) throw error;
      await this.store.quarantine(folder, name);
      this.forget(name.slice(0, -'.json'.length));
      this.quarantined += 1;
      this.logger.error(
        `Mail outbox: ${folder}/${name} is unreadable (${error.message}), moved to quarantine/`,
      );
      return undefined;
    }
  }

  private track(id: string, queued: QueuedMail, bytes: number, now = Date.now()): void {
    this.forget(id);
    const { createdAt, nextAttemptAt } = queued;
    this.waiting.set(id, { createdAt, nextAttemptAt, bytes, seenAt: now });
    this.bytes += bytes;
  }

  private forget(id: string): void {
    this.bytes -= this.waiting.get(id)?.bytes ?? 0;
    this.waiting.delete(id);
  }

  /** Ids due at `now`, oldest first. */
  due(now = Date.now()): string[] {
    return [...this.waiting]
      .filter(([, entry]) => entry.nextAttemptAt <= now)
      .map(([id]) => id)
      .sort();
  }

  /** When the next message is due, or undefined with none waiting. */
  nextDueAt(): number | undefined {
    let next: number | undefined;
    for (const entry of this.waiting.values())
      next = Math.min(next ?? Infinity, entry.nextAttemptAt);
    return next;
  }

  /** Claims a message for this process and reads it; undefined when it is not to be sent here. */
  async take(id: string): Promise<QueuedMail | undefined> {
    if (!(await this.store.claim(id))) {
      // Sent by another process, or left in sending/ by a write that failed (a full disk):
      // counted until a refresh finds it gone, tried again once its claim has expired.
      const entry = this.waiting.get(id);
      if (entry) entry.nextAttemptAt = Date.now() + this.config.mail.outbox.sendLeaseMs;
      return undefined;
    }
    return this.load('sending', `${id}.json`, Date.now());
  }

  async delivered(id: string): Promise<void> {
    await this.store.done(id);
    this.forget(id);
  }

  async retryLater(queued: QueuedMail): Promise<void> {
    await this.store.retryLater(queued);
    const entry = this.waiting.get(queued.id);
    if (entry) entry.nextAttemptAt = queued.nextAttemptAt;
  }

  async giveUp(queued: QueuedMail): Promise<void> {
    await this.store.giveUp(queued);
    this.forget(queued.id);
    this.failed += 1;
  }
}
