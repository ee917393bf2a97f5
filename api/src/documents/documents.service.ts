import { FileHandle, open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import { RefusalLog, clip } from '../common/refusal-log';
import { AppConfig, appConfig } from '../config/app-config';
import { DocumentGroup, loadManifest } from './manifest';
import { AvailableFile, CachedZip, ListedGroup } from './documents.types';
import { ZipCache } from './zip-cache';

export interface OpenedFile {
  handle: FileHandle;
  size: number;
}

/** Serves exactly the files named in the manifest, read once at start. */
@Injectable()
export class DocumentsService implements OnModuleInit {
  private readonly logger = new Logger('Documents');
  private readonly refusals = new RefusalLog(this.logger, 'download refused');
  private groups: DocumentGroup[] = [];
  private sectionOf = new Map<string, string>();

  private readonly zipCache: ZipCache;

  constructor(@Inject(appConfig.KEY) private readonly config: AppConfig) {
    this.zipCache = new ZipCache(config.documents.zipCacheDir, this.logger);
  }

  async onModuleInit(): Promise<void> {
    this.groups = await loadManifest(this.config.documents.dir);
    this.sectionOf = new Map(
      this.groups.flatMap((group) => group.files.map((file) => [file.filename, group.section])),
    );
    await this.zipCache.removeUnfinished();
  }

  /** The manifest's files that exist on disk, in manifest order; missing ones are logged. */
  async availableFiles(): Promise<AvailableFile[]> {
    const entries = this.groups.flatMap((group) =>
      group.files.map((file) => ({
        ...file,
        section: group.section,
        path: this.pathOf(file.filename),
      })),
    );
    const stats = await Promise.all(
      entries.map((entry) => stat(entry.path, { bigint: true }).catch(() => undefined)),
    );
    return entries.flatMap((entry, index) => {
      const fileStat = stats[index];
      if (fileStat?.isFile()) {
        const { size, mtimeNs, ctimeNs, ino } = fileStat;
        return [{ ...entry, size: Number(size), mtimeNs, ctimeNs, ino }];
      }
      this.logger.warn(`Listed in the manifest but missing on disk: ${entry.filename}`);
      return [];
    });
  }

  /** Groups with their available files; a group left without files is left out. */
  async list(): Promise<ListedGroup[]> {
    const available = await this.availableFiles();
    return this.groups
      .map((group) => ({
        section: group.section,
        files: available
          .filter((file) => file.section === group.section)
          .map(({ name, filename, size }) => ({ name, filename, size })),
      }))
      .filter((group) => group.files.length > 0);
  }

  /** Opens a manifest file for streaming; anything else is a 404 and logged. */
  async openFile(filename: string, clientIp: string | undefined): Promise<OpenedFile> {
    if (!this.sectionOf.has(filename)) {
      this.refuse(`${JSON.stringify(filename)} is not in the manifest`, clientIp);
    }
    let handle: FileHandle | undefined;
    try {
      handle = await open(this.pathOf(filename), 'r');
      const fileStat = await handle.stat();
      if (fileStat.isFile()) return { handle, size: fileStat.size };
    } catch {
      // Reported below like a file that is not a regular file.
    }
    await handle?.close();
    this.refuse(`${JSON.stringify(filename)} is missing on disk`, clientIp);
  }

  /** documents.zip of the files available now, from the cache or built. */
  async zipArchive(): Promise<CachedZip> {
    return this.zipCache.archiveOf(await this.availableFiles());
  }

  private refuse(reason: string, clientIp: string | undefined): never {
    this.refusals.warn(`Download refused for ${clientIp}: ${clip(reason)}`);
    throw new NotFoundException('Document not found');
  }

  private pathOf(filename: string): string {
    return join(this.config.documents.dir, filename);
  }
}
