import { Logger, Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { ActiveLinks } from '../access/active-links';
import { StampModule } from '../stamp/stamp.module';
import { DocumentsController } from './documents.controller';
import { appConfig, type AppConfig } from '../config/app-config';
import { DocumentsService } from './documents.service';
import { ZipCache } from './zip-cache';

@Module({
  imports: [AccessModule, StampModule.withLinks({ imports: [AccessModule], links: ActiveLinks })],
  controllers: [DocumentsController],
  providers: [
    DocumentsService,
    {
      provide: ZipCache,
      inject: [appConfig.KEY],
      useFactory: (config: AppConfig) =>
        new ZipCache(config.documents.zipCacheDir, new Logger('Documents')),
    },
  ],
  exports: [DocumentsService],
})
export class DocumentsModule {}
