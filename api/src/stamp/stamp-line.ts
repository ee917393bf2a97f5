// The line every page a company receives carries (docs/product.md#the-stamp):
// its name, words both of the site's languages read, and the day its link was
// made. Plain functions: the API builds the line, the stamping child writes it.
import { STAMP_GLYPH_RANGES } from './stamp-glyphs';

export const STAMP_WORDS = 'Bewerbung / application';

const ranges = STAMP_GLYPH_RANGES.split(' ').map((range) => {
  const [from, to] = range.split('-').map((code) => Number.parseInt(code, 16));
  return [from, to] as const;
});

/** Whether the stamp's font has a glyph for this character. */
export const stampCanWrite = (character: string) => {
  const codePoint = character.codePointAt(0) ?? -1;
  return ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
};

/** The characters of `text` the stamp's font lacks, each once. */
export const unwritable = (text: string) =>
  [...new Set(text)].filter((character) => !stampCanWrite(character));

const dayOf = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * "Zürcher Söhne AG · Bewerbung / application · 28.11.2026". A name stored before
 * names were checked against the font gets "?" for what the font lacks.
 */
export function stampLine(label: string, linkMadeAt: string): string {
  const name = [...label].map((character) => (stampCanWrite(character) ? character : '?'));
  return `${name.join('')} · ${STAMP_WORDS} · ${dayOf.format(new Date(linkMadeAt))}`;
}
