import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../test/support/scratch';
import { unzip } from '../../test/support/unzip';
import { writeDocumentsZip } from './documents-zip';
import { AvailableFile } from './documents.types';

function document(dir: string, section: string, filename: string, text: string): AvailableFile {
  const path = join(dir, filename);
  writeFileSync(path, text);
  return {
    section,
    entry: `${section}/${filename}`,
    name: filename,
    filename,
    path,
    size: text.length,
    mtimeNs: 0n,
    ctimeNs: 0n,
    ino: 0n,
  };
}

describe('writeDocumentsZip (in a process of its own)', () => {
  it('writes every document, stored, in a folder per group', async () => {
    const dir = scratchDir('documents-zip-spec-');
    const files = [
      document(dir, 'Bewerbung', 'brief.pdf', '%PDF-1.7 Brief'),
      document(dir, 'Zeugnisse', 'zeugnis.pdf', '%PDF-1.7 Zeugnis'),
    ];
    const target = join(dir, 'documents.zip');
    await writeDocumentsZip(files, target);
    const entries = await unzip(readFileSync(target));
    expect(
      entries.map(({ name, compressionMethod, bytes }) => [
        name,
        compressionMethod,
        bytes.toString(),
      ]),
    ).toEqual([
      ['Bewerbung/brief.pdf', 0, '%PDF-1.7 Brief'],
      ['Zeugnisse/zeugnis.pdf', 0, '%PDF-1.7 Zeugnis'],
    ]);
  });

  it('rejects with the file error when a document cannot be read', async () => {
    const dir = scratchDir('documents-zip-spec-');
    const missing = { ...document(dir, 'Bewerbung', 'brief.pdf', 'x'), path: join(dir, 'weg.pdf') };
    await expect(writeDocumentsZip([missing], join(dir, 'documents.zip'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('never writes over an archive already there', async () => {
    const dir = scratchDir('documents-zip-spec-');
    const target = join(dir, 'documents.zip');
    writeFileSync(target, 'schon da');
    await expect(
      writeDocumentsZip([document(dir, 'A', 'a.pdf', 'a')], target),
    ).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(readFileSync(target, 'utf8')).toBe('schon da');
  });
});
