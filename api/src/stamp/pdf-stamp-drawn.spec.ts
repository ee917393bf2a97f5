// The stamp as a company's reader sees it: every page of a corpus of real PDFs
// (test/fixtures/pdf-corpus, README.md there says where each comes from),
// stamped, drawn by MuPDF and by poppler, the band read back by OCR, and the
// page's own area compared pixel for pixel with the original's.
import { draw, readLine, rows, type Renderer } from '../../test/support/pdf-render';
import { corpusPdf, stamping } from '../../test/support/stamping';
import { BAND } from './pdf-stamp';
import { stampLine } from './stamp-line';

const NAME = 'Zürcher Söhne AG';
const line = stampLine(NAME, '2026-11-28T09:00:00Z');
/** Fine enough for OCR to read the 7-point line; 4 pixels a point keeps whole-point boxes on the pixel grid. */
const DPI = 288;
const RENDERERS: Renderer[] = ['mupdf', 'poppler'];

const { stamped } = stamping(line);

describe.each([
  'chromium-cv',
  'ghostscript-letter',
  'rotated',
  'cropbox',
  'pdfa',
  'scan',
  'form',
  'object-streams',
  'byterange-comment',
])('%s.pdf, stamped', (name) => {
  let source: Buffer;
  let copy: Buffer;
  beforeAll(async () => {
    source = await corpusPdf(name);
    copy = await stamped(source);
  });

  it.each(RENDERERS)(
    'is drawn by %s without a warning: each page the same above the band, the name in it',
    async (renderer) => {
      const [before, after] = await Promise.all([
        draw(source, renderer, DPI),
        draw(copy, renderer, DPI),
      ]);
      expect(after.warnings).toEqual([]);
      expect(after.pages).toHaveLength(before.pages.length);
      const band = (BAND * DPI) / 72;
      for (const [index, page] of after.pages.entries()) {
        const original = before.pages[index];
        expect(page.width).toBe(original.width);
        expect(Math.abs(page.height - original.height - band)).toBeLessThanOrEqual(1);
        expect(rows(page, 0, original.height).pixels.equals(original.pixels)).toBe(true);
        expect(await readLine(rows(page, original.height, page.height))).toContain(NAME);
      }
    },
  );
});
