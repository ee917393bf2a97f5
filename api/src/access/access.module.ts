import { Module } from '@nestjs/common';
import { appConfig, type AppConfig } from '../config/app-config';
import { LetterFiles } from '../letters/letter-files';
import { LettersModule } from '../letters/letters.module';
import { MailModule } from '../mail/mail.module';
import { AccessChangeMailer } from './access-change-mailer';
import { AccessChangeNotes } from './access-change-notes';
import { AccessChanges } from './access-changes';
import { AccessLogFile } from './access-log';
import { AccessNotifier } from './access-notifier';
import { AccessStore } from './access-store';
import { makeAccessStores, type AccessStores } from './access-stores';
import { AccessService } from './access.service';

const STORES = Symbol('access stores');
/** One of the stores as a provider of its own class. */
const each = <K extends keyof AccessStores>(
  provide: abstract new (...args: never[]) => AccessStores[K],
  key: K,
) => ({
  provide,
  inject: [STORES],
  useFactory: (stores: AccessStores) => stores[key],
});

// The accesses and their stores (access-stores.ts), which the owner's page
// and the documents take from here, and nothing of logging in: the exchange of a
// code for a token is one of auth/'s ways in (auth.controller.ts), so auth/
// imports this module and nothing here imports auth/.
@Module({
  imports: [MailModule, LettersModule],
  providers: [
    {
      provide: STORES,
      inject: [appConfig.KEY, LetterFiles],
      useFactory: (config: AppConfig, letters: LetterFiles) =>
        makeAccessStores(config, 'page', letters),
    },
    each(AccessStore, 'store'),
    each(AccessLogFile, 'log'),
    each(AccessChanges, 'changes'),
    each(AccessChangeNotes, 'notes'),
    AccessChangeMailer,
    AccessService,
    AccessNotifier,
  ],
  exports: [AccessService, AccessStore, AccessLogFile, AccessChanges, LettersModule],
})
export class AccessModule {}
