import { readFileSync } from 'node:fs';
import { codePointRanges, FONT_PATH } from './stamp-font';
import { STAMP_GLYPH_RANGES } from './stamp-glyphs';
import { stampLine } from './stamp-line';

describe('the stamp line', () => {
  it("names the company, both languages' words and the link's day in Bern", () => {
    expect(stampLine('Zürcher Söhne AG', '2026-11-28T23:30:00Z')).toBe(
      'Zürcher Söhne AG · Bewerbung / application · 29.11.2026',
    );
  });

  it('writes "?" for what the font lacks in a name stored before names were checked', () => {
    expect(stampLine('Café 😀 AG', '2026-01-05T10:00:00Z')).toBe(
      'Café ? AG · Bewerbung / application · 05.01.2026',
    );
  });

  it("knows exactly the font's characters (api/scripts/stamp-glyphs.ts made the list)", () => {
    expect(STAMP_GLYPH_RANGES).toBe(codePointRanges(readFileSync(FONT_PATH)));
  });
});
