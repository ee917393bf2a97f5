// The font the stamp is written in: Source Sans 3 (SIL Open Font License,
// assets/fonts/OFL.txt), in the repository and the image, never fetched.
// Kept whole: the OFL reserves its name for unmodified files; each stamped
// PDF embeds only the glyphs its line uses.
import { join } from 'node:path';

// From src/stamp or dist/stamp alike.
export const FONT_PATH = join(__dirname, '..', '..', 'assets', 'fonts', 'SourceSans3-Regular.ttf');

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0');

/** The font's code points as "0020-007E 00A0-017F …" (stamp-glyphs.ts); loads fontkit. */
export function codePointRanges(font: Uint8Array): string {
  // Only the generator and its test need fontkit's whole parser.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fontkit = require('@pdf-lib/fontkit') as typeof import('@pdf-lib/fontkit');
  const codePoints = [...fontkit.create(font).characterSet].sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const codePoint of codePoints) {
    const last = ranges.at(-1);
    if (last && last[1] === codePoint - 1) last[1] = codePoint;
    else ranges.push([codePoint, codePoint]);
  }
  return ranges.map(([from, to]) => `${hex(from)}-${hex(to)}`).join(' ');
}
