// Delivers what the outbox holds: at once when a message is stored, and
// again after growing waits while the mail server refuses (the schedule of
// MAIL_RETRY_SCHEDULE, its last wait repeating) until MAIL_RETRY_MAX_AGE,
// then the message moves to failed/. The log says once per outage that
// delivery fails and why, and once when it works again.
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { AppConfig, appConfig } from '../../config/app-config';
import { OutboxStore, QueuedMail } from './outbox-store';

// Also picks up messages another API process stored on the same outbox.
const POLL_MS = 15_000;

@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  readonly store: OutboxStore;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private rerun = false;
  private stopped = false;
  private failing = false;

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly mailer: MailerService,
  ) {
    this.store = new OutboxStore(config.mail.outboxDir);
  }

  onApplicationBootstrap(): void {
    if (this.config.smtp.host) this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Starts a delivery round now (or right after the one under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round()
      .catch((error: Error) => this.logger.error(`Mail outbox unreadable: ${error.message}`))
      .finally(() => {
        this.running = undefined;
        if (this.rerun) {
          this.rerun = false;
          this.kick();
        } else this.schedule();
      });
  }

  private async schedule(): Promise<void> {
    if (this.stopped) return;
    const next = await this.store.nextDueAt().catch(() => undefined);
    const wait = next === undefined ? POLL_MS : Math.min(POLL_MS, Math.max(0, next - Date.now()));
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    await this.store.releaseStaleClaims();
    for (const queued of await this.store.due()) {
      if (this.stopped) return;
      if (await this.store.claim(queued.id)) await this.deliver(queued);
    }
  }

  private async deliver(queued: QueuedMail): Promise<void> {
    try {
      await this.mailer.sendMail(queued.mail);
    } catch (error) {
      await this.failed(queued, (error as Error).message);
      return;
    }
    await this.store.done(queued.id);
    if (this.failing) {
      this.failing = false;
      this.logger.log('Mail delivery works again');
    }
    this.logger.log(`Contact mail ${queued.id} delivered`);
  }

  private async failed(queued: QueuedMail, reason: string): Promise<void> {
    const { scheduleSeconds, maxAgeSeconds } = this.config.mail.retry;
    const now = Date.now();
    const attempts = queued.attempts + 1;
    const waitSeconds = scheduleSeconds[Math.min(attempts, scheduleSeconds.length) - 1];
    const next = {
      ...queued,
      attempts,
      lastError: reason,
      nextAttemptAt: now + waitSeconds * 1000,
    };
    if (now - queued.createdAt >= maxAgeSeconds * 1000) {
      await this.store.giveUp(next);
      this.logger.error(
        `Contact mail ${queued.id} not delivered after ${attempts} attempts, moved to failed/: ${reason}`,
      );
      return;
    }
    await this.store.retryLater(next);
    if (!this.failing) {
      this.failing = true;
      this.logger.warn(
        `Mail delivery failing (${reason}); messages stay in the outbox, next try in ${waitSeconds} s`,
      );
    }
  }
}
