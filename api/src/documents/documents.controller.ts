import { Controller, Get, Header, Inject, Param, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createReadStream } from 'node:fs';
import { AppConfig, appConfig } from '../config/app-config';
import { attachmentDisposition, contentTypeFor } from './content-disposition';
import { ZIP_FILENAME } from './documents-zip';
import { DocumentsService } from './documents.service';
import { ListedGroup } from './documents.types';

// The documents are confidential: never kept by a browser or proxy cache.
const NO_STORE = 'no-store';
// nginx's internal locations (nginx/templates/site.conf) over the documents
// folder and the ZIP cache: only an answer of this API can reach them.
const ACCEL_DOCUMENTS = '/_protected/documents/';
const ACCEL_ZIP = '/_protected/zip/';

/**
 * The API decides who may read what; behind the project's nginx
 * (DOCUMENTS_VIA_NGINX) nginx then sends the bytes (sendfile, ranges),
 * otherwise (Vite's dev proxy, the API alone) the API streams them itself.
 */
@Controller()
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    @Inject(appConfig.KEY) private readonly config: AppConfig,
  ) {}

  @Get('documents')
  @Header('Cache-Control', NO_STORE)
  list(): Promise<ListedGroup[]> {
    return this.documents.list();
  }

  @Get('download/:filename')
  async download(
    @Param('filename') filename: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | undefined> {
    const { handle, size } = await this.documents.openFile(filename, request.ip);
    this.setFileHeaders(response, filename, contentTypeFor(filename));
    if (this.config.documents.viaNginx) {
      await handle.close();
      // An empty answer: nginx replaces it with the file.
      response.set('X-Accel-Redirect', `${ACCEL_DOCUMENTS}${encodeURIComponent(filename)}`);
      return undefined;
    }
    return new StreamableFile(handle.createReadStream(), { length: size });
  }

  @Get('download-all')
  async downloadAll(@Res() response: Response): Promise<void> {
    const zip = await this.documents.zipArchive();
    this.setFileHeaders(response, ZIP_FILENAME, 'application/zip');
    if (this.config.documents.viaNginx) {
      response.set('X-Accel-Redirect', `${ACCEL_ZIP}${zip.name}`).end();
      return;
    }
    response.set('Content-Length', String(zip.size));
    createReadStream(zip.path).pipe(response);
  }

  private setFileHeaders(response: Response, filename: string, type: string): void {
    response.set({
      'Content-Type': type,
      'Content-Disposition': attachmentDisposition(filename),
      'Cache-Control': NO_STORE,
      'X-Content-Type-Options': 'nosniff',
    });
  }
}
