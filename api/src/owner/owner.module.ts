import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AccessModule } from '../access/access.module';
import { appConfig, type AppConfig } from '../config/app-config';
import { DocumentsModule } from '../documents/documents.module';
import { MailModule } from '../mail/mail.module';
import { CeremonyChallenges } from './ceremony-challenges';
import { OwnerChangesService } from './owner-changes.service';
import { OwnerNotifier } from './owner-notifier';
import { OwnerPasskeyStore } from './owner-passkey-store';
import { OwnerSetupStore } from './owner-setup-store';
import { makePasskeyStore, makeSetupStore } from './owner-stores';
import { PasskeyAssertions } from './passkey-assertions';
import { OwnerAccessesService } from './owner-accesses.service';
import { OwnerController } from './owner.controller';
import { OwnerGuard } from './owner.guard';
import { OwnerSignInController } from './owner-sign-in.controller';
import { OwnerTokens } from './owner-token';
import { PasskeyService } from './passkey.service';

// The owner's page (/verwaltung): passkeys only, and the access links through the same
// code as make access-* (docs/architecture.md). Its tokens have a key of their own
// (owner-token.ts).
@Module({
  imports: [JwtModule.register({}), MailModule, AccessModule, DocumentsModule],
  controllers: [OwnerSignInController, OwnerController],
  providers: [
    PasskeyService,
    PasskeyAssertions,
    OwnerChangesService,
    OwnerNotifier,
    OwnerAccessesService,
    OwnerTokens,
    OwnerGuard,
    {
      provide: OwnerPasskeyStore,
      inject: [appConfig.KEY],
      useFactory: (config: AppConfig) => makePasskeyStore(config.access.dir),
    },
    {
      provide: OwnerSetupStore,
      inject: [appConfig.KEY],
      useFactory: (config: AppConfig) => makeSetupStore(config.access.dir),
    },
    // One per process, shared by every ceremony: its key signs the challenges.
    { provide: CeremonyChallenges, useFactory: () => new CeremonyChallenges() },
  ],
})
export class OwnerModule {}
