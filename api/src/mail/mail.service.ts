import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { AppConfig, appConfig } from '../config/app-config';
import { composeContactMail } from './contact-mail';
import { ContactMessageDto } from './contact-message.dto';
import { spoolMail } from './mail-spool';
import { Outbox, OutboxFullError } from './outbox/outbox';
import { OutboxWorker } from './outbox/outbox-worker';

/**
 * Accepts a contact message once it is safely on disk: in the outbox, from
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
    const mail = {
      from: this.config.mail.from,
      to: this.config.mail.to,
      ...composeContactMail(contact),
    };
    try {
      if (this.config.smtp.host) {
        const queued = await this.outbox.enqueue(mail);
        this.logger.log(`Contact mail from ${clientIp} stored as ${queued.id}`);
        this.worker.kick();
      } else {
        const info: { message?: unknown } = await this.mailer.sendMail(mail);
        const path = await spoolMail(this.config.mail.spoolDir, info.message as Buffer);
        this.logger.log(`Contact mail from ${clientIp} spooled to ${path} (no SMTP_HOST set)`);
      }
    } catch (error) {
      // A full outbox has said so once; a line per refused message would fill the disk instead.
      if (!(error instanceof OutboxFullError))
        this.logger.error(`Contact mail from ${clientIp} not stored: ${(error as Error).message}`);
      throw new ServiceUnavailableException('The message could not be stored');
    }
  }
}
