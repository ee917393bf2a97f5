import { FileHandle, open, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import type { AccessHolder } from '../access/access.service';
import { startSweeping } from '../common/download-cache';
import { RefusalLog, clip } from '../common/refusal-log';
import { AppConfig, appConfig } from '../config/app-config';
import { LetterFiles } from '../letters/letter-files';
import { letterFilename } from '../letters/letter-rules';
import { StampCache } from '../stamp/stamp-cache';
import { SOURCE_GONE, StampFault } from '../stamp/stamp-writer';
import { DocumentGroup, loadManifest } from '../manifest/manifest';
import { isPdf, stampFor } from './stamp-for';
import { AvailableFile, CachedZip, ListedGroup, UnstampedFile } from './documents.types';
import { ZipCache } from './zip-cache';

export interface OpenedFile {
  handle: FileHandle;
  size: number;
  /** The stamped copy sent instead, by its name in the stamp cache. */
  copy?: string;
}

/** A file the holder may get, before its stat; an own PDF with the size it was received at. */
type Candidate = Omit<AvailableFile, 'size' | 'mtimeNs' | 'ctimeNs' | 'ino'> & {
  received?: number;
};

/**
 * Serves exactly the files a visitor may get: the shared login every file the manifest
 * (read once at start) names; an access link the sections its access sees and its own PDFs
 * (docs/product.md#personal-access-links), less those found damaged (a size other than
 * received, checked on every request; a hash, checked daily: letter-files.ts). Any other
 * file is the 404 of a missing one.
 */
@Injectable()
export class DocumentsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Documents');
  private readonly refusals = new RefusalLog(this.logger, 'download refused');
  private groups: DocumentGroup[] = [];
  private sectionOf = new Map<string, string>();

  private stopSweeping = () => {};

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly letters: LetterFiles,
    private readonly stamps: StampCache,
    private readonly zipCache: ZipCache,
  ) {}

  async onModuleInit(): Promise<void> {
    this.groups = await loadManifest(this.config.documents.dir);
    this.sectionOf = new Map(
      this.groups.flatMap((group) => group.files.map((file) => [file.filename, group.section])),
    );
    await this.zipCache.removeUnfinished();
    await this.zipCache.removeUnused();
    this.stopSweeping = startSweeping(
      'documents.zip cache',
      () => this.zipCache.removeUnused(),
      this.logger,
    );
  }

  onModuleDestroy(): void {
    this.stopSweeping();
  }

  /**
   * The holder's files that exist on disk: its own PDFs, then the manifest's in order; a file
   * missing or damaged is logged unless `quiet` (the owner's page asks for every link at once).
   */
  async availableFiles(holder: AccessHolder, quiet = false): Promise<AvailableFile[]> {
    const entries = [...this.ownCandidates(holder), ...this.sharedCandidates(holder)];
    const stats = await Promise.all(
      entries.map((entry) => stat(entry.path, { bigint: true }).catch(() => undefined)),
    );
    return entries.flatMap(({ received, ...entry }, index) => {
      const fileStat = stats[index];
      const size = Number(fileStat?.size);
      if (fileStat?.isFile() && (received === undefined || size === received)) {
        const { mtimeNs, ctimeNs, ino } = fileStat;
        return [{ ...entry, size, mtimeNs, ctimeNs, ino }];
      }
      const why = fileStat ? 'damaged' : 'missing on disk';
      if (!quiet)
        this.logger.warn(
          entry.letterId
            ? `Own PDF of access "${entry.section}" ${why}: ${entry.name}`
            : `Listed in the manifest but missing on disk: ${entry.filename}`,
        );
      return [];
    });
  }

  /** The holder's own PDFs first, then the groups it sees; a group left without files is left out. */
  async list(holder: AccessHolder): Promise<ListedGroup[]> {
    const available = await this.availableFiles(holder);
    const own = available.filter((file) => file.letterId);
    const groups: ListedGroup[] = this.groups.map((group) => ({
      section: group.section,
      files: available
        .filter((file) => !file.letterId && file.section === group.section)
        .map(({ name, filename, size }) => ({ name, filename, size })),
    }));
    if (holder.access && own.length > 0)
      groups.unshift({
        section: holder.access.label,
        own: true,
        files: own.map(({ name, filename, size, letterId }) => ({
          name,
          filename,
          size,
          id: letterId,
        })),
      });
    return groups.filter((group) => group.files.length > 0);
  }

  /** Opens a file of the manifest the holder sees; anything else is a 404 and logged. */
  async openFile(filename: string, holder: AccessHolder, clientIp?: string): Promise<OpenedFile> {
    const section = this.sectionOf.get(filename);
    if (section === undefined)
      this.refuse(`${JSON.stringify(filename)} is not in the manifest`, clientIp);
    if (!sees(holder, section))
      this.refuse(`${JSON.stringify(filename)} is in a section the access does not see`, clientIp);
    const path = join(this.config.documents.dir, filename);
    const opened = await this.openPath(path, filename, clientIp);
    return isPdf(filename) ? this.stamped(opened, path, holder, clientIp) : opened;
  }

  /** Opens one of the holder's own PDFs by its id; any other id is a 404 and logged. */
  async openLetter(id: string, holder: AccessHolder, clientIp?: string) {
    const access = holder.access;
    const letter = access?.letters?.find((candidate) => candidate.id === id);
    if (!access || !letter)
      this.refuse(`${JSON.stringify(id)} is no own PDF of the holder`, clientIp);
    const path = this.letters.pathOf(access.id, letter.id);
    const opened = await this.openPath(path, letter.id, clientIp);
    if (opened.size !== letter.size || this.letters.isDamaged(letter.id)) {
      await opened.handle.close();
      this.refuse(`${JSON.stringify(letter.id)} is damaged`, clientIp);
    }
    return {
      ...(await this.stamped(opened, path, holder, clientIp)),
      filename: letterFilename(letter.label),
      stored: this.letters.storedName(access.id, letter.id),
    };
  }

  /** documents.zip of the holder's files available now, from the cache or built. */
  async zipArchive(holder: AccessHolder): Promise<CachedZip> {
    const files = await this.availableFiles(holder);
    const stamp = stampFor(holder);
    if (!stamp) return this.zipCache.archiveOf(files);
    const pdfs = files.filter((file) => isPdf(file.filename));
    const copies = new Map(
      (await this.stamps.copiesOf(pdfs, stamp)).map((copy, index) => [pdfs[index], copy]),
    );
    // The copy's path names its source's version: the archive's fingerprint follows it.
    const sent = files.map((file) => {
      const copy = copies.get(file);
      return copy ? { ...file, path: copy.path } : file;
    });
    return this.zipCache.archiveOf(sent);
  }

  /** The holder's PDFs that go out as they are, and why, as found so far (the owner's page). */
  async unstamped(holder: AccessHolder): Promise<UnstampedFile[]> {
    const stamp = stampFor(holder);
    if (!stamp) return [];
    const pdfs = (await this.availableFiles(holder, true)).filter((file) => isPdf(file.filename));
    const reasons = await this.stamps.asIs(pdfs, stamp);
    return pdfs.flatMap(({ name }, index) => {
      const reason = reasons[index];
      return reason ? [{ name, reason }] : [];
    });
  }

  /**
   * The holder's stamped copy of an opened PDF instead of it, when it gets one. A copy that
   * cannot be made now rejects (StampFault), the original closed; a source that went while
   * it waited is the 404 of a missing file.
   */
  private async stamped(opened: OpenedFile, path: string, holder: AccessHolder, clientIp?: string) {
    const stamp = stampFor(holder);
    if (!stamp) return opened;
    try {
      const { size, mtimeNs, ctimeNs, ino } = await opened.handle.stat({ bigint: true });
      const source = { path, size: Number(size), mtimeNs, ctimeNs, ino };
      const copy = await this.stamps.copyOf(source, stamp);
      if (!copy) return opened;
      const handle = await open(copy.path, 'r');
      await opened.handle.close();
      return { handle, size: copy.size, copy: copy.name };
    } catch (error) {
      await opened.handle.close();
      if (error instanceof StampFault && error.kind === SOURCE_GONE)
        this.refuse(`${JSON.stringify(basename(path))} went while it was stamped`, clientIp);
      throw error;
    }
  }

  private ownCandidates({ access }: AccessHolder): Candidate[] {
    if (!access) return [];
    const sound = (access.letters ?? []).filter((letter) => !this.letters.isDamaged(letter.id));
    return sound.map((letter) => {
      const filename = letterFilename(letter.label);
      return {
        received: letter.size,
        name: letter.label,
        filename,
        section: access.label,
        entry: filename,
        letterId: letter.id,
        path: this.letters.pathOf(access.id, letter.id),
      };
    });
  }

  private sharedCandidates(holder: AccessHolder): Candidate[] {
    return this.groups
      .filter((group) => sees(holder, group.section))
      .flatMap((group) =>
        group.files.map((file) => ({
          ...file,
          section: group.section,
          entry: `${group.section}/${file.filename}`,
          path: join(this.config.documents.dir, file.filename),
        })),
      );
  }

  private async openPath(path: string, name: string, clientIp?: string): Promise<OpenedFile> {
    let handle: FileHandle | undefined;
    try {
      handle = await open(path, 'r');
      const fileStat = await handle.stat();
      if (fileStat.isFile()) return { handle, size: fileStat.size };
    } catch {
      // Reported below like a file that is not a regular file.
    }
    await handle?.close();
    this.refuse(`${JSON.stringify(name)} is missing on disk`, clientIp);
  }

  private refuse(reason: string, clientIp: string | undefined): never {
    this.refusals.warn(`Download refused for ${clientIp}: ${clip(reason)}`);
    throw new NotFoundException('Document not found');
  }
}

/** Whether the holder sees a section of the manifest: the shared login every one, a link its own. */
function sees({ access }: AccessHolder, section: string): boolean {
  return !access || (access.sections ?? []).includes(section);
}
