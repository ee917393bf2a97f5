import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { BackupWatchService } from './backup-watch.service';

@Module({
  imports: [MailModule],
  providers: [BackupWatchService],
})
export class BackupWatchModule {}
