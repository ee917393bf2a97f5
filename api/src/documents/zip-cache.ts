// documents.zip, built once per state of the documents and kept on disk so
// nginx can send it (Content-Length, ranges) without Node in the way. The
// name holds a fingerprint of the manifest and of every file's size, times
// and inode: a changed document means a new archive. It is written
// to a temporary name and renamed when complete, and its end is checked
// before each answer, so no visitor ever gets half an archive; visitors asking
// at once wait for one build.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { writeDocumentsZip } from './documents-zip';
import { AvailableFile, CachedZip } from './documents.types';
import { checkZip } from './zip-check';

const PREFIX = 'documents-';

export class ZipCache {
  private readonly builds = new Map<string, Promise<CachedZip>>();

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  /** The archive of exactly these files, built if it is not there yet. */
  archiveOf(files: AvailableFile[]): Promise<CachedZip> {
    const name = `${PREFIX}${fingerprint(files)}.zip`;
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
    const temporary = join(this.dir, `.${name}.${randomUUID()}.partial`);
    try {
      await writeDocumentsZip(files, temporary);
      await rename(temporary, path);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
    const { size } = await stat(path);
    this.logger.log(`documents.zip built: ${files.length} files, ${size} bytes`);
    await this.removeOthers(name);
    return { name, path, size };
  }

  /** Archives of earlier states are of no use any more. */
  private async removeOthers(current: string): Promise<void> {
    for (const entry of await readdir(this.dir)) {
      if (entry.startsWith(PREFIX) && entry !== current)
        await unlink(join(this.dir, entry)).catch(() => undefined);
    }
  }
}

function fingerprint(files: AvailableFile[]): string {
  const hash = createHash('sha256');
  for (const { section, filename, size, mtimeNs, ctimeNs, ino } of files)
    hash.update(JSON.stringify([section, filename, size, `${mtimeNs}`, `${ctimeNs}`, `${ino}`]));
  return hash.digest('hex').slice(0, 24);
}
