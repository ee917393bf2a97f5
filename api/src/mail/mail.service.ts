import { BadGatewayException, Inject, Injectable, Logger } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { AppConfig, appConfig } from '../config/app-config';
import { composeContactMail } from './contact-mail';
import { ContactMessageDto } from './contact-message.dto';
import { spoolMail } from './mail-spool';

@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly mailer: MailerService,
  ) {}

  async sendContactMessage(
    contact: ContactMessageDto,
    clientIp: string | undefined,
  ): Promise<void> {
    const mail = composeContactMail(contact);
    let info: { message?: unknown };
    try {
      info = await this.mailer.sendMail({
        from: this.config.mail.from,
        to: this.config.mail.to,
        ...mail,
      });
    } catch (error) {
      this.logger.error(`Mail from ${clientIp} not delivered: ${(error as Error).message}`);
      throw new BadGatewayException('The mail could not be delivered');
    }
    if (this.config.smtp.host) {
      this.logger.log(`Contact mail from ${clientIp} delivered`);
      return;
    }
    const path = await spoolMail(this.config.mail.spoolDir, info.message as Buffer);
    this.logger.log(`Contact mail from ${clientIp} spooled to ${path} (no SMTP_HOST set)`);
  }
}
