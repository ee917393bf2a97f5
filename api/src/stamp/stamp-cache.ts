// The stamped copies of the PDFs each company receives (docs/product.md#the-stamp),
// kept on disk for nginx to send (Content-Length, ranges). A copy is made once
// per link and version of its source: the name holds a hash of the source's
// path, size, times and inode, of the line and of the link, so a changed
// document, letter or name means a new copy, and a folder per link keeps one
// company's copies apart from another's. Stamping the same source gives the
// same bytes, so a resumed download fits. Copies are made one at a time, each
// in a process of its own; the cache stays within its size, dropping the least
// recently sent first. Derived data: never backed up.
import { createHash, randomUUID } from 'node:crypto';
import {
  lstat,
  mkdir,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { writeStamped, type StampOutcome } from './stamp-writer';

/** What a copy is made from: the file as found on disk. */
export interface StampSource {
  path: string;
  size: number;
  mtimeNs: bigint;
  ctimeNs: bigint;
  ino: bigint;
}

/** Whom a copy is for: the link's id and the line its pages get. */
export interface StampFor {
  linkId: string;
  line: string;
}

export interface StampedCopy {
  /** Inside the download cache folder, as nginx's internal location names it. */
  name: string;
  path: string;
  size: number;
}

/** The stamped copies' folder inside the download cache (beside documents.zip). */
export const STAMPED = 'stamped';
/** Raised when the stamp's look changes, so no copy of an older look is sent. */
const STAMP_VERSION = 1;
const PDF = '.pdf';
/** Beside a source that cannot be stamped: tried once per version, logged once. */
const AS_IS = '.as-is';
const PARTIAL = '.partial';

const hash = (parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
/** A link's folder: named by a hash, so no id from an older store can point a path elsewhere. */
const linkFolder = (linkId: string) => hash([linkId]).slice(0, 16);

export class StampCache {
  private readonly dir: string;
  private readonly builds = new Map<string, Promise<StampedCopy | undefined>>();
  /** One copy at a time: a Pi's memory holds one document, not several. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    downloadCacheDir: string,
    private readonly logger: Logger,
    private readonly limitBytes: number,
    /** How long a copy just promised to nginx is safe from trimming. */
    private readonly keptAfterUseMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(downloadCacheDir, STAMPED);
  }

  /** The copy of `source` stamped for the link, made if needed; undefined: send it as it is. */
  copyOf(source: StampSource, stamp: StampFor): Promise<StampedCopy | undefined> {
    const sourceTag = hash([source.path]).slice(0, 12);
    const version = hash([
      STAMP_VERSION,
      stamp.line,
      stamp.linkId,
      source.size,
      `${source.mtimeNs}`,
      `${source.ctimeNs}`,
      `${source.ino}`,
    ]).slice(0, 24);
    const base = join(linkFolder(stamp.linkId), `${sourceTag}.${version}`);
    let build = this.builds.get(base);
    if (!build) {
      build = this.existingOrMade(base, source.path, stamp).finally(() => this.builds.delete(base));
      this.builds.set(base, build);
    }
    return build;
  }

  private async existingOrMade(
    base: string,
    source: string,
    stamp: StampFor,
  ): Promise<StampedCopy | undefined> {
    const existing = await this.used(base + PDF);
    if (existing) return existing;
    if (await this.used(base + AS_IS)) return undefined;
    const made = this.queue.then(() => this.make(base, source, stamp));
    this.queue = made.catch(() => undefined);
    return made;
  }

  /** The cached file, marked as just used (its modification time orders the trimming). */
  private async used(name: string): Promise<StampedCopy | undefined> {
    const path = join(this.dir, name);
    const at = new Date(this.now());
    const found = await utimes(path, at, at).then(
      () => stat(path),
      () => undefined,
    );
    return found?.isFile() ? { name: `${STAMPED}/${name}`, path, size: found.size } : undefined;
  }

  private async make(base: string, source: string, stamp: StampFor) {
    const folder = join(this.dir, linkFolder(stamp.linkId));
    await mkdir(folder, { recursive: true });
    const partial = join(folder, `.${randomUUID()}${PARTIAL}`);
    let outcome: StampOutcome;
    try {
      outcome = await writeStamped({ source, target: partial, ...stamp });
      if ('written' in outcome) await rename(partial, join(this.dir, base + PDF));
    } catch (error) {
      // Sent as it is this time; tried again on the next open.
      this.logger.warn(`Stamp failed, sent unstamped: ${(error as Error).message}`);
      return undefined;
    } finally {
      await unlink(partial).catch(() => undefined);
    }
    await this.removeOlderVersions(base);
    if ('unstampable' in outcome) {
      await writeFile(join(this.dir, base + AS_IS), outcome.unstampable);
      this.logger.warn(`PDF sent unstamped (${outcome.unstampable}): ${source}`);
      return undefined;
    }
    await this.trim();
    return this.used(base + PDF);
  }

  /** A link's copies of the same source made before it changed. */
  private async removeOlderVersions(base: string): Promise<void> {
    const [link, name] = base.split('/');
    const sourceTag = name.split('.')[0];
    const folder = join(this.dir, link);
    for (const entry of await readdir(folder).catch((): string[] => []))
      if (entry.startsWith(`${sourceTag}.`) && !entry.startsWith(name))
        await unlink(join(folder, entry)).catch(() => undefined);
  }

  /** Drops the least recently sent copies until the cache is within its size. */
  async trim(): Promise<void> {
    const copies = (await this.files()).sort((a, b) => a.usedAt - b.usedAt);
    let total = copies.reduce((sum, copy) => sum + copy.size, 0);
    for (const copy of copies) {
      if (total <= this.limitBytes || this.now() - copy.usedAt < this.keptAfterUseMs) break;
      await unlink(copy.path).catch(() => undefined);
      total -= copy.size;
    }
  }

  /**
   * Removes the folders of links not in `links` (ended, removed) and what
   * stamping killed before it finished left behind.
   */
  async keepOnly(links: string[]): Promise<void> {
    const kept = new Set(links.map(linkFolder));
    for (const link of await readdir(this.dir).catch((): string[] => [])) {
      if (!kept.has(link)) await rm(join(this.dir, link), { recursive: true, force: true });
    }
    const busy = this.builds.size > 0;
    for (const file of await this.files(true))
      if (file.path.endsWith(PARTIAL) && !busy) await unlink(file.path).catch(() => undefined);
  }

  /** Every file in the links' folders; links are folders, nothing else is followed. */
  private async files(partials = false) {
    const found: Array<{ path: string; size: number; usedAt: number }> = [];
    for (const link of await readdir(this.dir).catch((): string[] => [])) {
      const folder = join(this.dir, link);
      if (!(await lstat(folder)).isDirectory()) continue;
      for (const entry of await readdir(folder)) {
        if (entry.endsWith(PARTIAL) !== partials) continue;
        const path = join(folder, entry);
        const info = await lstat(path).catch(() => undefined);
        if (info?.isFile()) found.push({ path, size: info.size, usedAt: info.mtimeMs });
      }
    }
    return found;
  }
}
