// The stamp as Firefox's PDF viewer draws it: pdf.js (pdfjs-dist) in the
// suite's Chromium renders every page of what a company's link downloads
// (the shared PDFs, and the corpus of real PDFs as its own), with no warning
// about a font or a glyph, and tesseract reads the company's name, umlauts
// and all, in the band below each page. The API's tests do the same with
// MuPDF and poppler (api/src/stamp/pdf-stamp-drawn.spec.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { accessCommand, addAccess } from '../support/access';
import { manifestFiles, readManifest } from '../support/documents';
import { expect, test } from '../support/fixtures';

/** 288 dpi: the 7-point line is large enough for OCR. */
const SCALE = 4;
/** The band the stamp adds below each page, in points (api/src/stamp/pdf-stamp.ts). */
const BAND_POINTS = 14;
const PDFJS = path.dirname(require.resolve('pdfjs-dist/package.json'));
const CORPUS = path.resolve(__dirname, '..', '..', 'api', 'test', 'fixtures', 'pdf-corpus');
/** The corpus's stampable PDFs (its README), three to a link: a link holds three of its own. */
const CORPUS_LINKS: Array<[string, string[]]> = [
  ['Zürcher Söhne Druck AG', ['chromium-cv', 'ghostscript-letter', 'rotated']],
  ['Bäckerei Müller Basel AG', ['cropbox', 'pdfa', 'scan']],
  ['Genfer Uhren Fabrik SA', ['form', 'object-streams', 'byterange-comment']],
];

/** A page of the site's origin where pdf.js is loaded, as a viewer would load it. */
async function openPdfJs(page: Page, baseUrl: string): Promise<void> {
  await page.route(`${baseUrl}/__pdfjs/**`, (route) => {
    const name = new URL(route.request().url()).pathname.replace('/__pdfjs/', '');
    if (name === '')
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>pdf.js</title><script type="module">
          import * as pdfjs from '/__pdfjs/pdf.mjs';
          pdfjs.GlobalWorkerOptions.workerSrc = '/__pdfjs/pdf.worker.mjs';
          window.pdfjsLib = pdfjs;
          // What the suite's page.goto waits for, as on the site's own pages.
          document.documentElement.dataset.interactive = '';
        </script>`,
      });
    return route.fulfill({
      contentType: 'text/javascript',
      path: path.join(PDFJS, 'build', name),
    });
  });
  await page.goto(`${baseUrl}/__pdfjs/`);
}

/** The band below each page of `pdf` as pdf.js draws it, as base64 PNGs. */
function drawBands(page: Page, pdf: Buffer): Promise<string[]> {
  return page.evaluate(
    async ({ data, scale, bandPoints }) => {
      type PdfJs = typeof import('pdfjs-dist');
      const pdfjs = (window as unknown as { pdfjsLib: PdfJs }).pdfjsLib;
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const document_ = await pdfjs.getDocument({ data: bytes }).promise;
      const bands: string[] = [];
      for (let number = 1; number <= document_.numPages; number += 1) {
        const pdfPage = await document_.getPage(number);
        const viewport = pdfPage.getViewport({ scale });
        const canvas = document.createElement('canvas');
        canvas.width = Math.ceil(viewport.width);
        canvas.height = Math.ceil(viewport.height);
        await pdfPage.render({ canvas, viewport }).promise;
        const height = Math.ceil(bandPoints * scale);
        const band = document.createElement('canvas');
        band.width = canvas.width;
        band.height = height;
        const top = canvas.height - height;
        band
          .getContext('2d')
          ?.drawImage(canvas, 0, top, band.width, height, 0, 0, band.width, height);
        bands.push(band.toDataURL('image/png').split(',')[1]);
      }
      return bands;
    },
    { data: pdf.toString('base64'), scale: SCALE, bandPoints: BAND_POINTS },
  );
}

/** What tesseract reads in a PNG, taken as one line of German. */
async function readLine(dir: string, png: string): Promise<string> {
  const file = path.join(dir, 'band.png');
  await writeFile(file, Buffer.from(png, 'base64'));
  const { stdout } = await promisify(execFile)('tesseract', [file, '-', '-l', 'deu', '--psm', '7']);
  return stdout.trim();
}

/** The session of a new link for `name`. */
async function linkToken(request: APIRequestContext, baseUrl: string, code: string) {
  const opened = await request.post(`${baseUrl}/api/auth/access`, { data: { code } });
  return ((await opened.json()) as { token: string }).token;
}

/** Draws each PDF at `paths` with pdf.js as the link's holder, and reads `name` in every band. */
async function expectStampedInPdfJs(
  page: Page,
  request: APIRequestContext,
  baseUrl: string,
  token: string,
  name: string,
  paths: string[],
) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'info' && /warn|error|font|glyph/i.test(message.text()))
      warnings.push(message.text());
  });
  await openPdfJs(page, baseUrl);
  const dir = await mkdtemp(path.join(tmpdir(), 'portfolio-pdfjs-'));
  try {
    for (const url of paths) {
      const pdf = await request.get(`${baseUrl}${url}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(pdf.status(), url).toBe(200);
      const bands = await drawBands(page, await pdf.body());
      expect(bands.length).toBeGreaterThan(0);
      for (const [index, band] of bands.entries())
        expect(await readLine(dir, band), `${url}, page ${index + 1}`).toContain(name);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  expect(warnings).toEqual([]);
}

test("pdf.js draws the stamp on every page of a company's shared PDFs, readable", async ({
  page,
  request,
  stack,
}) => {
  const name = 'Zürcher Söhne Stempel AG';
  const token = await linkToken(request, stack.baseUrl, (await addAccess(stack, name)).code);
  const files = manifestFiles(await readManifest(stack.documentsDir));
  const paths = files.map(({ filename }) => `/api/download/${encodeURIComponent(filename)}`);
  await expectStampedInPdfJs(page, request, stack.baseUrl, token, name, paths);
});

for (const [name, files] of CORPUS_LINKS)
  test(`pdf.js draws the stamp on every page of real PDFs as a link's own: ${files.join(', ')}`, async ({
    page,
    request,
    stack,
  }) => {
    const token = await linkToken(request, stack.baseUrl, (await addAccess(stack, name)).code);
    for (const file of files)
      await accessCommand(stack, 'file', `--file=${path.join(CORPUS, `${file}.pdf`)}`, '--', name);
    const listed = await request.get(`${stack.baseUrl}/api/documents`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const [own] = (await listed.json()) as Array<{ files: Array<{ id: string }> }>;
    expect(own.files).toHaveLength(files.length);
    const paths = own.files.map(({ id }) => `/api/letters/${encodeURIComponent(id)}`);
    await expectStampedInPdfJs(page, request, stack.baseUrl, token, name, paths);
  });
