// What a reader of a PDF sees, by the programs viewers are built on: each page
// drawn by MuPDF (mutool, mupdf-tools) and by poppler (pdftoppm, poppler-utils)
// as a greyscale image, with what each said while drawing, and a strip of an
// image read back by tesseract (tesseract-ocr, tesseract-ocr-deu).
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scratchDir } from './scratch';

const run = promisify(execFile);

/** A greyscale image: one byte a pixel, row after row. */
export interface Gray {
  width: number;
  height: number;
  pixels: Buffer;
}

export interface Drawn {
  pages: Gray[];
  /** What the renderer wrote to stderr, line by line (a glyph it could not draw, …). */
  warnings: string[];
}

export type Renderer = 'mupdf' | 'poppler';

/** Reads a binary PGM (P5, 8 bit), as both renderers write it. */
function parsePgm(bytes: Buffer): Gray {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not an 8-bit binary PGM');
  const [whole, width, height] = header;
  return { width: +width, height: +height, pixels: bytes.subarray(whole.length) };
}

// Debian's MuPDF is built without colour management and says so on every
// run: a fact about the program, not about the PDF.
const ABOUT_THE_TOOL = 'warning: ICC support is not available';
const lines = (text: string) =>
  text.split('\n').filter((line) => line.trim() !== '' && line !== ABOUT_THE_TOOL);

/** Every page of `pdf` at `dpi`, in order. */
export async function draw(pdf: Buffer, renderer: Renderer, dpi: number): Promise<Drawn> {
  const dir = scratchDir('api-pdf-render-');
  const source = join(dir, 'source.pdf');
  await writeFile(source, pdf);
  const { stderr } =
    renderer === 'mupdf'
      ? await run('mutool', [
          'draw',
          '-q',
          '-r',
          `${dpi}`,
          '-c',
          'gray',
          '-o',
          join(dir, 'page-%04d.pgm'),
          source,
        ])
      : // The crop box, as viewers built on poppler show a page (pdftoppm's own default is the media box).
        await run('pdftoppm', ['-r', `${dpi}`, '-gray', '-cropbox', source, join(dir, 'page')]);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.pgm')).sort();
  const pages = await Promise.all(
    names.map(async (name) => parsePgm(await readFile(join(dir, name)))),
  );
  return { pages, warnings: lines(stderr) };
}

/** Rows `from` (inclusive) to `to` (exclusive) of an image. */
export function rows(image: Gray, from: number, to: number): Gray {
  const pixels = image.pixels.subarray(from * image.width, to * image.width);
  return { width: image.width, height: to - from, pixels };
}

/** The text tesseract reads in `image`, taken as one line of German. */
export async function readLine(image: Gray): Promise<string> {
  const path = join(scratchDir('api-pdf-render-'), 'strip.pgm');
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`);
  await writeFile(path, Buffer.concat([header, image.pixels]));
  const { stdout } = await run('tesseract', [path, '-', '-l', 'deu', '--psm', '7']);
  return stdout.trim();
}
