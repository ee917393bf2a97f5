import { execFileSync } from 'node:child_process';
import { access, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { AvailableFile } from './documents.types';
import { scratchDir } from '../../test/support/scratch';
import { KEPT_AFTER_USE_MS } from '../common/download-cache';
import { ZipCache } from './zip-cache';

const file = (path: string, filename: string, ino = 1n): AvailableFile => ({
  name: filename,
  filename,
  section: 'Bewerbung',
  entry: `Bewerbung/${filename}`,
  path,
  size: 3,
  mtimeNs: 1n,
  ctimeNs: 1n,
  ino,
});

describe('ZipCache', () => {
  it('publishes nothing when a build is interrupted, and builds whole on the next request', async () => {
    const dir = scratchDir('zip-cache-spec-');
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
    const dir = scratchDir('zip-cache-spec-');
    await writeFile(join(dir, 'a.pdf'), 'abc');
    const cache = new ZipCache(join(dir, 'cache'), new Logger('test'));
    const files = [file(join(dir, 'a.pdf'), 'a.pdf')];
    const [one, two] = [cache.archiveOf(files), cache.archiveOf(files)];
    expect(one).toBe(two);
    await one;
  });

  it('keeps both archives when builds for two states of the documents run at once', async () => {
    const dir = scratchDir('zip-cache-spec-');
    await writeFile(join(dir, 'a.pdf'), 'abc');
    const cache = new ZipCache(join(dir, 'cache'), new Logger('test'));
    const [before, after] = await Promise.all([
      cache.archiveOf([file(join(dir, 'a.pdf'), 'a.pdf', 1n)]),
      cache.archiveOf([file(join(dir, 'a.pdf'), 'a.pdf', 2n)]),
    ]);
    expect(before.name).not.toBe(after.name);
    await access(before.path);
    await access(after.path);
  });

  it('removes an archive once it has been neither built nor promised for a while', async () => {
    const dir = scratchDir('zip-cache-spec-');
    await writeFile(join(dir, 'a.pdf'), 'abc');
    let now = Date.now();
    const cache = new ZipCache(join(dir, 'cache'), new Logger('test'), () => now);
    const version = (ino: bigint) => cache.archiveOf([file(join(dir, 'a.pdf'), 'a.pdf', ino)]);
    const unused = await version(1n);
    const stillAsked = await version(2n);

    now += 2 * KEPT_AFTER_USE_MS;
    await version(2n);
    const current = await version(3n);
    expect((await readdir(join(dir, 'cache'))).sort()).toEqual(
      [stillAsked.name, current.name].sort(),
    );
    expect(unused.name).not.toBe(stillAsked.name);
  });

  it('removes an unused archive with no other build, and one an earlier process left', async () => {
    const dir = scratchDir('zip-cache-spec-');
    await writeFile(join(dir, 'a.pdf'), 'abc');
    let now = Date.now();
    const cache = new ZipCache(join(dir, 'cache'), new Logger('test'), () => now);
    const revoked = await cache.archiveOf([file(join(dir, 'a.pdf'), 'a.pdf', 1n)]);

    const restarted = new ZipCache(join(dir, 'cache'), new Logger('test'), () => now);
    await restarted.removeUnused();
    await access(revoked.path);
    now += 2 * KEPT_AFTER_USE_MS;
    await restarted.removeUnused();
    expect(await readdir(join(dir, 'cache'))).toEqual([]);
  });

  it('leaves a build of its own under way when removing unfinished ones', async () => {
    const dir = scratchDir('zip-cache-spec-');
    // Reading a named pipe waits for its writer: the build stays under way until then.
    const pipe = join(dir, 'a.pdf');
    execFileSync('mkfifo', [pipe]);
    const cache = new ZipCache(join(dir, 'cache'), new Logger('test'));
    const build = cache.archiveOf([file(pipe, 'a.pdf')]);
    while (
      !(await readdir(join(dir, 'cache')).catch(() => [])).some((name) => name.endsWith('.partial'))
    )
      await new Promise((resolve) => setImmediate(resolve));

    await cache.removeUnfinished();
    await writeFile(pipe, 'abc');
    await access((await build).path);
  });
});
