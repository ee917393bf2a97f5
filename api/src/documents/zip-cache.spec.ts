import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { AvailableFile } from './documents.types';
import { ZipCache } from './zip-cache';

const file = (path: string, filename: string): AvailableFile => ({
  name: filename,
  filename,
  section: 'Bewerbung',
  path,
  size: 3,
  mtimeNs: 1n,
  ctimeNs: 1n,
  ino: 1n,
});

describe('ZipCache', () => {
  it('publishes nothing when a build is interrupted, and builds whole on the next request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zip-cache-spec-'));
    const good = join(dir, 'a.pdf');
    await writeFile(good, 'abc');
    const cache = new ZipCache(join(dir, 'cache'), new Logger('test'));
    // The second document vanished between listing and reading.
    await expect(
      cache.archiveOf([file(good, 'a.pdf'), file(join(dir, 'gone.pdf'), 'gone.pdf')]),
    ).rejects.toThrow(/ENOENT/);
    expect(await readdir(join(dir, 'cache'))).toEqual([]);

    const zip = await cache.archiveOf([file(good, 'a.pdf')]);
    expect(await readdir(join(dir, 'cache'))).toEqual([zip.name]);
    expect(zip.size).toBeGreaterThan(3);
  });

  it('lets visitors asking at once share one build', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zip-cache-spec-'));
    await writeFile(join(dir, 'a.pdf'), 'abc');
    const cache = new ZipCache(join(dir, 'cache'), new Logger('test'));
    const files = [file(join(dir, 'a.pdf'), 'a.pdf')];
    const [one, two] = [cache.archiveOf(files), cache.archiveOf(files)];
    expect(one).toBe(two);
    await one;
  });
});
