// The stamped copies of the PDFs each company receives (docs/product.md#the-stamp),
// kept on disk for nginx to send (Content-Length, ranges). A copy is made once
// per link and version of its source: the name holds a hash of the source's
// path, size, times and inode, of the line and of the link, so a changed
// document, letter or name means a new copy, and a folder per link keeps one
// company's copies apart from another's. Stamping the same source gives the
// same bytes, so a resumed download fits. StampWriter makes them; what the PDF
// itself rules out is recorded beside them and goes out as it is, anything
// else fails closed (StampFault): nothing unstamped leaves for a link whose
// copy could not be made now. The cache stays within its size, dropping the
// least recently sent first. Derived data: never backed up.
import { createHash, randomUUID } from 'node:crypto';
import {
  lstat,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { StampReports } from './stamp-alarm';
import type { AsIsReason } from './as-is-reason';
import { SOURCE_GONE, StampFault, type StampOutcome, type StampWriter } from './stamp-writer';

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
  /** Inside the stamp cache folder, as nginx's internal location names it. */
  name: string;
  path: string;
  size: number;
}

/**
 * Raised when the stamp's look or the rule of what goes as it is changes, so no copy of an
 * older look is sent. 2: glyphs every viewer draws; a signature is a signed field.
 */
const STAMP_VERSION = 2;
const PDF = '.pdf';
/** Beside a source that cannot be stamped: tried once per version, logged once. */
const AS_IS = '.as-is';
const PARTIAL = '.partial';

const hash = (parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
/** A link's folder: named by a hash, so no id from an older store can point a path elsewhere. */
const linkFolder = (linkId: string) => hash([linkId]).slice(0, 16);
/** What linkFolder names: nothing else in the folder is ever removed. */
const LINK_FOLDER = /^[\w-]{16}$/;
const MISSING = Symbol('missing');

const asFault = (error: unknown) =>
  error instanceof StampFault
    ? error
    : new StampFault((error as Error).message, (error as NodeJS.ErrnoException).code ?? 'error');

/** A copy's name without its ending: the link's folder, the source's path, its version. */
function baseOf(source: StampSource, stamp: StampFor): string {
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
  return join(linkFolder(stamp.linkId), `${sourceTag}.${version}`);
}

export class StampCache {
  private readonly builds = new Map<string, Promise<StampedCopy | undefined>>();

  constructor(
    private readonly dir: string,
    private readonly writer: StampWriter,
    private readonly reports: StampReports,
    private readonly logger: Logger,
    private readonly limitBytes: number,
    /** How long a copy just promised to nginx is safe from trimming. */
    private readonly keptAfterUseMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The copy of `source` stamped for the link, made if needed; undefined: send it as it is.
   * Rejects with a StampFault when it cannot be made now.
   */
  async copyOf(source: StampSource, stamp: StampFor): Promise<StampedCopy | undefined> {
    return (await this.copiesOf([source], stamp))[0];
  }

  /**
   * The copies of `sources` for the link, in their order, made where missing; rejects with a
   * StampFault when one cannot be made now (the others made meanwhile are kept).
   */
  async copiesOf(sources: StampSource[], stamp: StampFor): Promise<Array<StampedCopy | undefined>> {
    const bases = sources.map((source) => baseOf(source, stamp));
    const found = await Promise.all(bases.map((base) => this.cached(base)));
    // By base: a source asked twice in one call is made once.
    const missing = new Map<string, string>();
    const answers = bases.map((base, index) => {
      const cached = found[index];
      if (cached !== MISSING) return Promise.resolve(cached);
      // Checked again with no wait in between: one build per copy, whoever asks.
      const running = this.builds.get(base);
      if (running) return running;
      missing.set(base, sources[index].path);
      return undefined;
    });
    if (missing.size > 0) {
      const batch = [...missing].map(([base, source]) => ({ base, source }));
      const made = this.make(batch, stamp);
      batch.forEach(({ base }, index) => {
        const build = made.then((copies) => copies[index]).finally(() => this.builds.delete(base));
        this.builds.set(base, build);
      });
    }
    return Promise.all(answers.map((answer, index) => answer ?? this.builds.get(bases[index])));
  }

  /**
   * Why each of `sources` goes to the link as it is, as found when it was last asked for
   * (undefined: stamped, or not asked for yet). For the owner's page.
   */
  async asIs(sources: StampSource[], stamp: StampFor): Promise<Array<AsIsReason | undefined>> {
    return Promise.all(
      sources.map(async (source) => {
        const path = join(this.dir, baseOf(source, stamp) + AS_IS);
        const reason = await readFile(path, 'utf8').catch(() => undefined);
        return reason as AsIsReason | undefined;
      }),
    );
  }

  /** The cached copy (undefined: the source goes as it is), marked as just used; MISSING: none yet. */
  private async cached(base: string): Promise<StampedCopy | undefined | typeof MISSING> {
    return (await this.used(base + PDF)) ?? ((await this.used(base + AS_IS)) ? undefined : MISSING);
  }

  /** The cached file, marked as just used (its modification time orders the trimming). */
  private async used(name: string): Promise<StampedCopy | undefined> {
    const path = join(this.dir, name);
    const at = new Date(this.now());
    const found = await utimes(path, at, at).then(
      () => stat(path),
      () => undefined,
    );
    return found?.isFile() ? { name, path, size: found.size } : undefined;
  }

  private async make(
    batch: Array<{ base: string; source: string }>,
    stamp: StampFor,
  ): Promise<Array<StampedCopy | undefined>> {
    const folder = join(this.dir, linkFolder(stamp.linkId));
    const files = batch.map(({ source }) => ({
      source,
      target: join(folder, `.${randomUUID()}${PARTIAL}`),
    }));
    let copies: Array<StampedCopy | undefined>;
    try {
      await mkdir(folder, { recursive: true });
      const outcomes = await Promise.allSettled(
        files.map((file) => this.writer.write({ ...stamp, ...file })),
      );
      // Each copy made is kept, even when another failed: the next request has less to do.
      for (const [index, outcome] of outcomes.entries())
        if (outcome.status === 'fulfilled')
          await this.keep(
            batch[index].base,
            batch[index].source,
            files[index].target,
            outcome.value,
          );
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      copies = await Promise.all(batch.map(({ base }, index) => this.made(base, outcomes[index])));
    } catch (error) {
      const fault = asFault(error);
      // A source replaced or removed while it waited is the documents' news, not a fault.
      if (fault.kind !== SOURCE_GONE) this.reports.fault(fault);
      throw fault;
    } finally {
      await Promise.all(files.map(({ target }) => unlink(target).catch(() => undefined)));
    }
    this.reports.recovered();
    await this.trim();
    return copies;
  }

  /** A copy that was written, found in place; undefined for a source that goes as it is. */
  private async made(base: string, outcome: PromiseSettledResult<StampOutcome>) {
    if (outcome.status === 'fulfilled' && 'unstampable' in outcome.value) return undefined;
    const copy = await this.used(base + PDF);
    if (!copy) throw new StampFault('a copy just made is gone', 'missing');
    return copy;
  }

  /** Puts one outcome in place: the copy, or the record that the source goes as it is, and why. */
  private async keep(base: string, source: string, partial: string, outcome: StampOutcome) {
    await this.removeOlderVersions(base);
    if ('written' in outcome) {
      await rename(partial, join(this.dir, base + PDF));
      return;
    }
    await writeFile(join(this.dir, base + AS_IS), outcome.unstampable);
    this.logger.warn(`PDF sent unstamped (${outcome.unstampable}): ${source}`);
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
      if (LINK_FOLDER.test(link) && !kept.has(link))
        await rm(join(this.dir, link), { recursive: true, force: true });
    }
    const busy = this.builds.size > 0;
    for (const file of await this.files(true))
      if (file.path.endsWith(PARTIAL) && !busy) await unlink(file.path).catch(() => undefined);
  }

  /** Every file in the links' folders; links are folders, nothing else is followed. */
  private async files(partials = false) {
    const found: Array<{ path: string; size: number; usedAt: number }> = [];
    for (const link of await readdir(this.dir).catch((): string[] => [])) {
      if (!LINK_FOLDER.test(link)) continue;
      const folder = join(this.dir, link);
      // A link's folder may go (keepOnly) while this walks.
      if (!(await lstat(folder).catch(() => undefined))?.isDirectory()) continue;
      for (const entry of await readdir(folder).catch((): string[] => [])) {
        if (entry.endsWith(PARTIAL) !== partials) continue;
        const path = join(folder, entry);
        const info = await lstat(path).catch(() => undefined);
        if (info?.isFile()) found.push({ path, size: info.size, usedAt: info.mtimeMs });
      }
    }
    return found;
  }
}
