import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AccessNotifier } from './access-notifier';
import { AccessService } from './access.service';

// The accesses and their store, and nothing of logging in: the exchange of a
// code for a token is one of auth/'s ways in (auth.controller.ts), so auth/
// imports this module and nothing here imports auth/.
@Module({
  imports: [MailModule],
  providers: [AccessService, AccessNotifier],
  exports: [AccessService],
})
export class AccessModule {}
