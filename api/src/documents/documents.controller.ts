import {
  Controller,
  Get,
  Header,
  Inject,
  Param,
  Query,
  Req,
  Res,
  ServiceUnavailableException,
  StreamableFile,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { createReadStream, type ReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { AccessAction } from '../access/access-log';
import { AccessHolder, AccessService } from '../access/access.service';
import { clip } from '../common/refusal-log';
import { AppConfig, appConfig } from '../config/app-config';
import { attachmentDisposition, contentTypeFor } from './content-disposition';
import { StampFault } from '../stamp/stamp-writer';
import { ZIP_FILENAME } from './documents-zip';
import { DocumentsService } from './documents.service';
import { ListedGroup } from './documents.types';

// The documents are confidential: never kept by a browser or proxy cache.
const NO_STORE = 'no-store';
// nginx's internal locations (nginx/templates/site.conf) over the documents
// folder, the companies' own PDFs and the two download caches (documents.zip,
// the stamped copies): only an answer of this API can reach them.
const ACCEL_DOCUMENTS = '/_protected/documents/';
const ACCEL_LETTERS = '/_protected/letters/';
const ACCEL_ZIP = '/_protected/zip/';
const ACCEL_STAMPED = '/_protected/stamped/';

/** Seconds a company is asked to wait when its copies could not be stamped now. */
const STAMP_RETRY_AFTER_S = 30;

const holderOf = (request: Request) => (request.user ?? {}) as AccessHolder;
const actionOf = (intent: unknown): AccessAction => (intent === 'open' ? 'open' : 'download');

/**
 * The API decides who may read what; behind the project's nginx
 * (DOCUMENTS_VIA_NGINX) nginx then sends the bytes (sendfile, ranges),
 * otherwise (Vite's dev proxy, the API alone) the API streams them itself.
 */
@Controller()
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly accesses: AccessService,
    @Inject(appConfig.KEY) private readonly config: AppConfig,
  ) {}

  @Get('documents')
  @Header('Cache-Control', NO_STORE)
  async list(@Req() request: Request): Promise<ListedGroup[]> {
    const groups = await this.documents.list(holderOf(request));
    await this.accesses.record(holderOf(request), 'list', undefined, 'completed');
    return groups;
  }

  // Both buttons of a file make this call; `?intent=open` tells the log which one it was.
  @Get('download/:filename')
  async download(
    @Param('filename') filename: string,
    @Query('intent') intent: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | undefined> {
    const action = actionOf(intent);
    const opened = await this.opening(request, response, action, clip(filename), () =>
      this.documents.openFile(filename, holderOf(request), request.ip),
    );
    const target = { action, file: clip(filename), size: opened.size };
    const accel = opened.copy
      ? `${ACCEL_STAMPED}${opened.copy}`
      : `${ACCEL_DOCUMENTS}${encodeURIComponent(filename)}`;
    this.setFileHeaders(response, filename, contentTypeFor(filename));
    return this.send(request, response, opened.handle, target, accel);
  }

  // An access's own PDF, by the id its list gave: the same buttons, the same log.
  @Get('letters/:id')
  async letter(
    @Param('id') id: string,
    @Query('intent') intent: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | undefined> {
    const action = actionOf(intent);
    const opened = await this.opening(request, response, action, clip(id), () =>
      this.documents.openLetter(id, holderOf(request), request.ip),
    );
    const target = { action, file: opened.filename, size: opened.size };
    this.setFileHeaders(response, opened.filename, 'application/pdf');
    const accel = opened.copy
      ? `${ACCEL_STAMPED}${opened.copy}`
      : `${ACCEL_LETTERS}${opened.stored}`;
    return this.send(request, response, opened.handle, target, accel);
  }

  @Get('download-all')
  async downloadAll(@Req() request: Request, @Res() response: Response): Promise<void> {
    const zip = await this.opening(request, response, 'zip', ZIP_FILENAME, () =>
      this.documents.zipArchive(holderOf(request)),
    );
    this.setFileHeaders(response, ZIP_FILENAME, 'application/zip');
    if (this.config.documents.viaNginx) {
      await this.accesses.record(holderOf(request), 'zip', ZIP_FILENAME, 'authorised');
      response.set('X-Accel-Redirect', `${ACCEL_ZIP}${zip.name}`).end();
      return;
    }
    response.set('Content-Length', String(zip.size));
    const source = createReadStream(zip.path);
    this.recordWhenSent(
      request,
      response,
      { action: 'zip', file: ZIP_FILENAME, size: zip.size },
      source,
    );
    source.pipe(response);
  }

  /**
   * Opens what a visitor asked for; a refusal is logged as failed before it is answered. A
   * company whose stamped copy cannot be made now gets 503 with Retry-After, never the original
   * (docs/faults.md#documentszip-and-stamped-copies).
   */
  private async opening<T>(
    request: Request,
    response: Response,
    action: AccessAction,
    file: string,
    open: () => Promise<T>,
  ): Promise<T> {
    return open().catch(async (error: unknown) => {
      await this.accesses.record(holderOf(request), action, file, 'failed');
      if (!(error instanceof StampFault)) throw error;
      response.set('Retry-After', String(STAMP_RETRY_AFTER_S));
      throw new ServiceUnavailableException('The documents are being prepared: try again shortly');
    });
  }

  /** The opened file, sent by nginx (an empty answer naming it) or streamed by the API. */
  private async send(
    request: Request,
    response: Response,
    handle: FileHandle,
    target: { action: AccessAction; file: string; size: number },
    accel: string,
  ): Promise<StreamableFile | undefined> {
    if (this.config.documents.viaNginx) {
      await handle.close();
      // An empty answer: nginx replaces it with the file.
      response.set('X-Accel-Redirect', accel);
      await this.accesses.record(holderOf(request), target.action, target.file, 'authorised');
      return undefined;
    }
    const source = handle.createReadStream();
    this.recordWhenSent(request, response, target, source);
    return new StreamableFile(source, { length: target.size });
  }

  // When the API sends the bytes itself it knows whether they all went out. A client may close
  // the connection as soon as the last byte arrives, before the stream has made its last read
  // (the one that finds the end of the file): every byte of the file read, and none left in the
  // stream's or the response's buffer, counts as sent.
  private recordWhenSent(
    request: Request,
    response: Response,
    target: { action: AccessAction; file: string; size: number },
    source: ReadStream,
  ): void {
    response.once('close', () => {
      const handedOver =
        source.bytesRead >= target.size &&
        source.readableLength === 0 &&
        response.writableLength === 0;
      const outcome = response.writableFinished || handedOver ? 'completed' : 'aborted';
      void this.accesses.record(holderOf(request), target.action, target.file, outcome);
    });
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
