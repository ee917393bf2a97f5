import { ReadStream, createReadStream } from 'node:fs';
import { Logger } from '@nestjs/common';
import type archiverModule from 'archiver';
import type { Response } from 'express';
import { AvailableFile } from './documents.service';

export const ZIP_FILENAME = 'documents.zip';

/**
 * Streams a zip (one folder per group) into the response. Entries are stored,
 * not deflated (PDFs are compressed already), and added one after another, so
 * at most one file is open at a time and nothing is held in memory. When the
 * client goes away the archive is aborted and the open file closed.
 */
export async function pipeDocumentsZip(
  files: AvailableFile[],
  response: Response,
  logger: Logger,
): Promise<void> {
  // Loaded on the first ZIP, not at start: keeps the idle API ~5 MB smaller.
  const archiver: typeof archiverModule = (await import('archiver')).default;
  const archive = archiver('zip', { store: true });
  let current: ReadStream | undefined;
  let next = 0;

  const appendNext = () => {
    const file = files[next++];
    if (!file) {
      archive.finalize().catch(() => undefined);
      return;
    }
    current = createReadStream(file.path);
    archive.append(current, { name: `${file.section}/${file.filename}` });
  };
  const stop = () => {
    archive.abort();
    current?.destroy();
  };

  archive.on('entry', appendNext);
  archive.on('error', (error) => {
    logger.error(`${ZIP_FILENAME} failed: ${error.message}`);
    stop();
    response.destroy(error);
  });
  response.on('close', () => {
    if (response.writableFinished) return;
    logger.warn(`${ZIP_FILENAME} aborted: the client went away`);
    stop();
  });
  archive.pipe(response);
  appendNext();
}
