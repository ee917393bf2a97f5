import { Module } from '@nestjs/common';
import { MailerModule, MailerOptions } from '@nestjs-modules/mailer';
import { AppConfig, appConfig } from '../config/app-config';
import { MailController } from './mail.controller';
import { MailService } from './mail.service';
import { Outbox } from './outbox/outbox';
import { OutboxStore } from './outbox/outbox-store';
import { makeOutboxStore } from './outbox/outbox-stores';
import { OutboxWorker } from './outbox/outbox-worker';

// Without SMTP_HOST nodemailer renders the raw message instead of sending it;
// MailService then spools it. Short timeouts keep a delivery round of the
// outbox from hanging on an unreachable server.
function mailerOptions(config: AppConfig): MailerOptions {
  const { host, port, secure, auth } = config.smtp;
  const transport =
    config.mail.route === 'outbox'
      ? {
          host,
          port,
          secure,
          auth,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }
      : { streamTransport: true, buffer: true, newline: 'unix' };
  return { transport };
}

@Module({
  imports: [MailerModule.forRootAsync({ inject: [appConfig.KEY], useFactory: mailerOptions })],
  controllers: [MailController],
  providers: [
    MailService,
    Outbox,
    OutboxWorker,
    {
      provide: OutboxStore,
      inject: [appConfig.KEY],
      useFactory: (config: AppConfig) => makeOutboxStore(config.mail.outboxDir),
    },
  ],
  exports: [Outbox, MailService],
})
export class MailModule {}
