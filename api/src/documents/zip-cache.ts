// documents.zip, built once per state of the documents and kept on disk so
// nginx can send it (Content-Length, ranges) without Node in the way. The
// name holds a fingerprint of every file's name in the archive, place, size,
// times and inode: a changed document means a new archive, and each set of
// files (a company's sections and own PDFs) one of its own. It is written
// to a temporary name and renamed when complete, and its end is checked
// before each answer, so no visitor ever gets half an archive; visitors asking
// at once wait for one build.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { KEPT_AFTER_USE_MS } from '../common/download-cache';
import { writeDocumentsZip } from './documents-zip';
import { AvailableFile, CachedZip } from './documents.types';
import { checkZip } from './zip-check';

const PREFIX = 'documents-';
const PARTIAL = '.partial';

export class ZipCache {
  private readonly builds = new Map<string, Promise<CachedZip>>();
  /** When this process last promised each archive to a visitor. */
  private readonly promised = new Map<string, number>();
  /** Temporary files of this process's builds under way. */
  private readonly partials = new Set<string>();

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The archive of exactly these files, built if it is not there yet. */
  archiveOf(files: AvailableFile[]): Promise<CachedZip> {
    const name = `${PREFIX}${fingerprint(files)}.zip`;
    // Marked before the check, so no other build's clean-up removes it
    // between this check and nginx opening it.
    this.promised.set(name, this.now());
    let build = this.builds.get(name);
    if (!build) {
      build = this.existingOrBuilt(name, files).finally(() => this.builds.delete(name));
      this.builds.set(name, build);
    }
    return build;
  }

  private async existingOrBuilt(name: string, files: AvailableFile[]): Promise<CachedZip> {
    const path = join(this.dir, name);
    const cached = await checkZip(path, files.length);
    if (cached?.whole) return { name, path, size: cached.size };
    if (cached)
      this.logger.warn(`documents.zip cache: ${name} damaged (${cached.problem}), rebuilding`);
    await mkdir(this.dir, { recursive: true });
    const partial = `.${name}.${randomUUID()}${PARTIAL}`;
    const temporary = join(this.dir, partial);
    this.partials.add(partial);
    try {
      await writeDocumentsZip(files, temporary);
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    } finally {
      this.partials.delete(partial);
    }
    const { size } = await stat(path);
    this.logger.log(`documents.zip built: ${files.length} files, ${size} bytes`);
    await this.removeUnused();
    return { name, path, size };
  }

  /** Removes what builds killed before they finished left behind. */
  async removeUnfinished(): Promise<void> {
    // Stamped copies of an older release lay here: their own cache sweeps them now.
    await rm(join(this.dir, 'stamped'), { recursive: true, force: true });
    const entries = await readdir(this.dir).catch((): string[] => []);
    const left = entries.filter((entry) => entry.endsWith(PARTIAL) && !this.partials.has(entry));
    await Promise.all(left.map((entry) => unlink(join(this.dir, entry)).catch(() => undefined)));
    if (left.length > 0)
      this.logger.warn(`documents.zip cache: removed ${left.length} unfinished build(s)`);
  }

  /**
   * Removes archives neither built nor promised within KEPT_AFTER_USE_MS;
   * one this process never promised counts from when it was written. Run
   * after each build and on a timer (startSweeping), so an archive holding a
   * company's PDFs does not outlive their removal or the link's end on a
   * site where nobody downloads another.
   */
  async removeUnused(): Promise<void> {
    const now = this.now();
    for (const entry of await readdir(this.dir).catch((): string[] => [])) {
      if (!entry.startsWith(PREFIX)) continue;
      const path = join(this.dir, entry);
      const written = (await stat(path).catch(() => undefined))?.mtimeMs ?? now;
      if (now - Math.max(written, this.promised.get(entry) ?? 0) > KEPT_AFTER_USE_MS)
        await unlink(path).catch(() => undefined);
    }
    for (const [name, at] of this.promised)
      if (now - at > KEPT_AFTER_USE_MS) this.promised.delete(name);
  }
}

function fingerprint(files: AvailableFile[]): string {
  const hash = createHash('sha256');
  for (const { entry, path, size, mtimeNs, ctimeNs, ino } of files)
    hash.update(JSON.stringify([entry, path, size, `${mtimeNs}`, `${ctimeNs}`, `${ino}`]));
  return hash.digest('hex').slice(0, 24);
}
