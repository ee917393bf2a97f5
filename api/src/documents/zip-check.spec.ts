import { createWriteStream } from 'node:fs';
import { appendFile, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import archiver from 'archiver';
import { scratchDir } from '../../test/support/scratch';
import { checkZip } from './zip-check';

async function writeZip(path: string, names: string[], forceZip64 = false): Promise<void> {
  const archive = archiver('zip', { store: true, forceZip64 });
  const done = new Promise<void>((resolve, reject) =>
    archive.pipe(createWriteStream(path)).on('finish', resolve).on('error', reject),
  );
  for (const name of names) archive.append(Buffer.from(`bytes of ${name}`), { name });
  await archive.finalize();
  await done;
}

describe('checkZip', () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir('zip-check-spec-');
  });

  it.each([false, true])('takes a whole archive with its entries (ZIP64: %s)', async (zip64) => {
    const path = join(dir, 'whole.zip');
    await writeZip(path, ['a/1.pdf', 'b/2.pdf'], zip64);
    const { size } = await stat(path);
    expect(await checkZip(path, 2)).toEqual({ whole: true, size });
  });

  it.each([
    ['cut short', (path: string, size: number) => truncate(path, Math.floor(size / 2))],
    ['cut by one byte', (path: string, size: number) => truncate(path, size - 1)],
    ['grown', (path: string) => appendFile(path, 'x')],
    ['empty', (path: string) => truncate(path, 0)],
  ])('refuses an archive %s', async (_, damage) => {
    const path = join(dir, 'damaged.zip');
    await writeZip(path, ['a/1.pdf', 'b/2.pdf']);
    await damage(path, (await stat(path)).size);
    expect(await checkZip(path, 2)).toMatchObject({ whole: false });
  });

  it('refuses an archive of other entries than expected', async () => {
    const path = join(dir, 'other.zip');
    await writeZip(path, ['a/1.pdf']);
    expect(await checkZip(path, 2)).toEqual({ whole: false, problem: '1 entries, 2 expected' });
  });

  it('tells a missing archive from a damaged one', async () => {
    expect(await checkZip(join(dir, 'missing.zip'), 1)).toBeUndefined();
  });
});
