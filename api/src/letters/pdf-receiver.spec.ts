import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { scratchDir } from '../../test/support/scratch';
import { receivePdf } from './pdf-receiver';

const PDF = Buffer.from('%PDF-1.7\nbody\n%%EOF\n');

describe('receivePdf', () => {
  it('writes a PDF as it arrives and answers with its size', async () => {
    const dir = scratchDir('api-pdf-receiver-');
    const source = new PassThrough();
    source.end(PDF);
    await expect(receivePdf(source, join(dir, 'a.pdf'), 1024)).resolves.toEqual({
      size: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
    });
    expect(await readdir(dir)).toEqual(['a.pdf']);
  });

  it('refuses, leaving no file, an upload whose sender went away before it was read', async () => {
    const dir = scratchDir('api-pdf-receiver-');
    const source = new PassThrough();
    source.write(PDF.subarray(0, 8));
    source.destroy();
    await new Promise((resolve) => setImmediate(resolve));

    await expect(receivePdf(source, join(dir, 'a.pdf'), 1024)).rejects.toThrow(
      'the upload ended before its last byte',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses, leaving no file, an upload cut off while it is written', async () => {
    const dir = scratchDir('api-pdf-receiver-');
    const source = new PassThrough();
    const received = receivePdf(source, join(dir, 'a.pdf'), 1024);
    source.write(PDF.subarray(0, 8));
    setImmediate(() => source.destroy());

    await expect(received).rejects.toThrow('the upload ended before its last byte');
    expect(await readdir(dir)).toEqual([]);
  });
});
