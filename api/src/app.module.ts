import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { AuthModule } from './auth/auth.module';
import { BackupWatchModule } from './backup-watch/backup-watch.module';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { throttlerOptions } from './common/rate-limit';
import { appConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { DocumentsModule } from './documents/documents.module';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { OwnerModule } from './owner/owner.module';

@Module({
  imports: [
    AppConfigModule,
    ThrottlerModule.forRootAsync({ inject: [appConfig.KEY], useFactory: throttlerOptions }),
    AuthModule,
    MailModule,
    DocumentsModule,
    HealthModule,
    OwnerModule,
    BackupWatchModule,
  ],
  providers: [
    // Throttling runs first so refused logins still count against the limit.
    { provide: APP_GUARD, useClass: ThrottlerGuard },
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
})
export class AppModule {}
