import { Logger, Module } from '@nestjs/common';
import { KEPT_AFTER_USE_MS } from '../common/download-cache';
import { appConfig, type AppConfig } from '../config/app-config';
import { MailModule } from '../mail/mail.module';
import { StampAlarm } from './stamp-alarm';
import { StampCache } from './stamp-cache';
import { StampWriter } from './stamp-writer';

/** The stamped copies' share of the download cache's disk. */
const STAMP_CACHE_BYTES = 256 * 1024 * 1024;

// The stamp (docs/product.md#the-stamp): one writer process at a time for the
// whole site, its copies, and the owner's mail when stamping fails.
@Module({
  imports: [MailModule],
  providers: [
    { provide: StampWriter, useFactory: () => new StampWriter() },
    StampAlarm,
    {
      provide: StampCache,
      inject: [appConfig.KEY, StampWriter, StampAlarm],
      useFactory: (config: AppConfig, writer: StampWriter, alarm: StampAlarm) =>
        new StampCache(
          config.documents.zipCacheDir,
          writer,
          alarm,
          new Logger('Stamp'),
          STAMP_CACHE_BYTES,
          KEPT_AFTER_USE_MS,
        ),
    },
  ],
  exports: [StampCache],
})
export class StampModule {}
