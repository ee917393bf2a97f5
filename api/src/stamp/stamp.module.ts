import { DynamicModule, Logger, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { KEPT_AFTER_USE_MS } from '../common/download-cache';
import { appConfig, type AppConfig } from '../config/app-config';
import { MailModule } from '../mail/mail.module';
import { StampAlarm } from './stamp-alarm';
import { StampCache } from './stamp-cache';
import { StampLinks } from './stamp-links';
import { StampSweep } from './stamp-sweep';
import { StampWriter } from './stamp-writer';

/** The stamped copies' share of their disk (STAMP_CACHE_DIR). */
const STAMP_CACHE_BYTES = 256 * 1024 * 1024;

/** Where the links come from: a class of StampLinks and the modules it needs. */
export interface StampLinksSource {
  imports: ModuleMetadata['imports'];
  links: Type<StampLinks>;
}

// The stamp (docs/product.md#the-stamp): one writer process at a time for the
// whole site, its copies and their sweep, and the owner's mail when stamping
// fails. The links are given (withLinks), so nothing here imports their store.
@Module({})
export class StampModule {
  static withLinks({ imports, links }: StampLinksSource): DynamicModule {
    return {
      module: StampModule,
      imports: [MailModule, ...(imports ?? [])],
      providers: [
        { provide: StampWriter, useFactory: () => new StampWriter() },
        { provide: StampLinks, useClass: links },
        StampAlarm,
        {
          provide: StampCache,
          inject: [appConfig.KEY, StampWriter, StampAlarm],
          useFactory: (config: AppConfig, writer: StampWriter, alarm: StampAlarm) =>
            new StampCache(
              config.documents.stampCacheDir,
              writer,
              alarm,
              new Logger('Stamp'),
              STAMP_CACHE_BYTES,
              KEPT_AFTER_USE_MS,
            ),
        },
        StampSweep,
      ],
      exports: [StampCache],
    };
  }
}
