import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AccessNotifier } from './access-notifier';
import { AccessService } from './access.service';

// The exchange of a code for a token (access.controller.ts) is a way of
// logging in: AuthModule serves it, with the one signing key of every token.
@Module({
  imports: [MailModule],
  providers: [AccessService, AccessNotifier],
  exports: [AccessService],
})
export class AccessModule {}
