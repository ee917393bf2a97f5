import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { AppConfig, appConfig } from '../config/app-config';
import { composeContactMail } from './contact-mail';
import { ContactMessageDto } from './contact-message.dto';
import { spoolMail } from './mail-spool';
import { Outbox, OutboxFullError } from './outbox/outbox';
import { OutboxWorker } from './outbox/outbox-worker';
import { OutgoingMail } from './outbox/queued-mail';

/**
 * Accepts a mail for the owner once it is safely on disk: in the outbox, from
 * where the worker delivers it to SMTP_HOST, or without a mail server as an
 * .eml file in the spool. Only a message that could not be stored fails.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly outbox: Outbox,
    private readonly worker: OutboxWorker,
  ) {}

  async acceptContactMessage(
    contact: ContactMessageDto,
    clientIp: string | undefined,
  ): Promise<void> {
    const what = `Contact mail from ${clientIp}`;
    try {
      await this.store(this.toOwner(composeContactMail(contact)), what);
    } catch (error) {
      // A full outbox has said so once; a line per refused message would fill the disk instead.
      if (!(error instanceof OutboxFullError))
        this.logger.error(`${what} not stored: ${(error as Error).message}`);
      throw new ServiceUnavailableException('The message could not be stored');
    }
  }

  /** A notice of the site itself (a locked login); a failure is logged, never thrown. */
  async notifyOwner(subject: string, text: string): Promise<void> {
    const what = `Notice "${subject}"`;
    await this.store(this.toOwner({ subject, text }), what).catch((error: Error) =>
      this.logger.error(`${what} not stored: ${error.message}`),
    );
  }

  private toOwner(content: Omit<OutgoingMail, 'from' | 'to'>): OutgoingMail {
    return { from: this.config.mail.from, to: this.config.mail.to, ...content };
  }

  private async store(mail: OutgoingMail, what: string): Promise<void> {
    if (this.config.mail.route === 'outbox') {
      const queued = await this.outbox.enqueue(mail);
      this.logger.log(`${what} stored as ${queued.id}`);
      this.worker.kick();
    } else {
      const info: { message?: unknown } = await this.mailer.sendMail(mail);
      const path = await spoolMail(this.config.mail.spoolDir, info.message as Buffer);
      this.logger.log(`${what} spooled to ${path} (no SMTP_HOST set)`);
    }
  }
}
