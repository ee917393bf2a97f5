import { PDFDocument } from 'pdf-lib';
import { pageTexts, pdfInfo } from '../../test/support/pdf-reader';
import { pdf, realPdf } from '../../test/support/pdf';
import { corpusPdf, LINK_ID, stamping } from '../../test/support/stamping';
import { BAND, linkKeyword } from './pdf-stamp';
import { stampLine } from './stamp-line';

const line = stampLine('Zürcher Söhne & Çie AG', '2026-11-28T09:00:00Z');
const { outcome, stamped } = stamping(line);

describe('stampPdf', () => {
  it('writes the line as text on every page, upright or turned, and the link into the keywords', async () => {
    const source = await realPdf([
      { text: 'Lebenslauf' },
      { text: 'Zeugnis quer', rotate: 90 },
      { text: 'Kopf', rotate: 180 },
      { text: 'Anhang', rotate: 270 },
    ]);
    const result = await stamped(source);
    const texts = pageTexts(result);
    expect(texts).toHaveLength(4);
    expect(line).toBe('Zürcher Söhne & Çie AG · Bewerbung / application · 28.11.2026');
    for (const [index, text] of texts.entries()) {
      expect(text).toContain(line);
      expect(text).toContain(['Lebenslauf', 'Zeugnis quer', 'Kopf', 'Anhang'][index]);
    }
    expect(pdfInfo(result).Keywords).toBe(linkKeyword(LINK_ID));
  });

  it('hides nothing: each page grows by the band below it as the reader sees it', async () => {
    const result = await PDFDocument.load(
      await stamped(await realPdf([{ text: 'A' }, { text: 'B', rotate: 90 }])),
    );
    const [upright, turned] = result.getPages().map((page) => page.getMediaBox());
    expect(upright).toEqual({ x: 0, y: -BAND, width: 595, height: 842 + BAND });
    expect(turned).toEqual({ x: 0, y: 0, width: 595 + BAND, height: 842 });
  });

  it('gives the same bytes for the same source, so a resumed download fits', async () => {
    const source = await realPdf([{ text: 'Lebenslauf' }]);
    expect((await stamped(source)).equals(await stamped(source))).toBe(true);
  });

  it('leaves a signed, an encrypted and an unreadable PDF as they are, saying why', async () => {
    const sources = [await corpusPdf('signed'), await corpusPdf('encrypted'), pdf('kein PDF')];
    const results = await Promise.all(sources.map(outcome));
    expect(results).toEqual([
      { unstampable: 'signed' },
      { unstampable: 'encrypted' },
      { unstampable: 'unreadable' },
    ]);
  });

  it('stamps a PDF that names a byte range only in a comment', async () => {
    const source = Buffer.concat([
      await realPdf([{ text: 'Vertrag' }]),
      Buffer.from('\n% /ByteRange [0 10 20 30]\n'),
    ]);
    expect(pageTexts(await stamped(source))[0]).toContain(line);
  });
});
