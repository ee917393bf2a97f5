import { Controller, Get, Header, Logger, Param, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { attachmentDisposition, contentTypeFor } from './content-disposition';
import { ZIP_FILENAME, pipeDocumentsZip } from './documents-zip';
import { DocumentsService, ListedGroup } from './documents.service';

// The documents are confidential: never kept by a browser or proxy cache.
const NO_STORE = 'no-store';

@Controller()
export class DocumentsController {
  private readonly logger = new Logger('Documents');

  constructor(private readonly documents: DocumentsService) {}

  @Get('documents')
  @Header('Cache-Control', NO_STORE)
  list(): Promise<ListedGroup[]> {
    return this.documents.list();
  }

  @Get('download/:filename')
  @Header('Cache-Control', NO_STORE)
  @Header('X-Content-Type-Options', 'nosniff')
  async download(
    @Param('filename') filename: string,
    @Req() request: Request,
  ): Promise<StreamableFile> {
    const { handle, size } = await this.documents.openFile(filename, request.ip);
    return new StreamableFile(handle.createReadStream(), {
      type: contentTypeFor(filename),
      length: size,
      disposition: attachmentDisposition(filename),
    });
  }

  @Get('download-all')
  async downloadAll(@Res() response: Response): Promise<void> {
    const files = await this.documents.availableFiles();
    response.set({
      'Content-Type': 'application/zip',
      'Content-Disposition': attachmentDisposition(ZIP_FILENAME),
      'Cache-Control': NO_STORE,
      'X-Content-Type-Options': 'nosniff',
    });
    await pipeDocumentsZip(files, response, this.logger);
  }
}
