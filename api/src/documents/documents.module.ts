import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { ActiveLinks } from '../access/active-links';
import { StampModule } from '../stamp/stamp.module';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';

@Module({
  imports: [AccessModule, StampModule.withLinks({ imports: [AccessModule], links: ActiveLinks })],
  controllers: [DocumentsController],
  providers: [DocumentsService],
  exports: [DocumentsService],
})
export class DocumentsModule {}
