// Delivers what the outbox holds: at once when a message is stored, and
// again after growing waits while the mail server refuses (the schedule of
// MAIL_RETRY_SCHEDULE, its last wait repeating) until MAIL_RETRY_MAX_AGE,
// then the message moves to failed/. The log says once per outage that
// delivery fails and why, and once when it works again.
//
// A process killed after the server took a message but before its file was
// removed leaves the claim in sending/; after MAIL_SEND_LEASE the message is
// sent again. So a crash can cause one duplicate, never a loss.
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { AppConfig, appConfig } from '../../config/app-config';
import { Outbox } from './outbox';
import { QueuedMail } from './queued-mail';

// Also picks up messages another API process stored on the same outbox.
const POLL_MS = 15_000;

@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private rerun = false;
  private stopped = false;
  private failing = false;
  private refreshedAt = 0;

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly outbox: Outbox,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.mail.route === 'outbox') this.kick(true);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Starts a delivery round now (or right after the one under way); `refresh` lists the folders. */
  kick(refresh = false): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round(refresh)
      .catch((error: Error) => this.logger.error(`Mail outbox unreadable: ${error.message}`))
      .finally(() => {
        this.running = undefined;
        if (this.rerun) {
          this.rerun = false;
          this.kick();
        } else this.schedule();
      });
  }

  private schedule(): void {
    if (this.stopped) return;
    const next = this.outbox.nextDueAt();
    const wait = next === undefined ? POLL_MS : Math.min(POLL_MS, Math.max(0, next - Date.now()));
    // Only timed rounds list the folders, so a contact message never pays for the queue's length.
    this.timer = setTimeout(() => this.kick(Date.now() - this.refreshedAt >= POLL_MS), wait);
    this.timer.unref();
  }

  private async round(refresh: boolean): Promise<void> {
    if (refresh) {
      this.refreshedAt = Date.now();
      await this.outbox.refresh();
    }
    for (const id of this.outbox.due()) {
      if (this.stopped) return;
      const queued = await this.outbox.take(id);
      if (queued) await this.deliver(queued);
    }
  }

  private async deliver(queued: QueuedMail): Promise<void> {
    try {
      await this.mailer.sendMail(queued.mail);
    } catch (error) {
      await this.failed(queued, (error as Error).message);
      return;
    }
    await this.outbox.delivered(queued.id);
    if (this.failing) {
      this.failing = false;
      this.logger.log('Mail delivery works again');
    }
    this.logger.log(`Contact mail ${queued.id} delivered`);
  }

  private async failed(queued: QueuedMail, reason: string): Promise<void> {
    const { scheduleMs, maxAgeMs } = this.config.mail.retry;
    const now = Date.now();
    const attempts = queued.attempts + 1;
    const waitMs = scheduleMs[Math.min(attempts, scheduleMs.length) - 1];
    const next = {
      ...queued,
      attempts,
      lastError: reason,
      nextAttemptAt: now + waitMs,
    };
    if (now - queued.createdAt >= maxAgeMs) {
      await this.outbox.giveUp(next);
      this.logger.error(
        `Contact mail ${queued.id} not delivered after ${attempts} attempts, moved to failed/: ${reason}`,
      );
      return;
    }
    await this.outbox.retryLater(next);
    if (!this.failing) {
      this.failing = true;
      this.logger.warn(
        `Mail delivery failing (${reason}); messages stay in the outbox, next try in ${waitMs / 1000} s`,
      );
    }
  }
}
