import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
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
  imports: [JwtModule.register({})],
  controllers: [OwnerSignInController, OwnerController],
  providers: [PasskeyService, OwnerAccessesService, OwnerTokens, OwnerGuard],
})
export class OwnerModule {}
