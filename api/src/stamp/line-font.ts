// The stamp's font cut to the glyphs of one line by HarfBuzz's subsetter
// (hb-subset, through subset-font): each stamped PDF embeds a few kilobytes
// instead of the whole font. pdf-lib's own subsetting (fontkit) writes glyph
// outlines that MuPDF, poppler and Ghostscript refuse to draw
// (docs/product.md#the-stamp).
import { readFile } from 'node:fs/promises';
import subsetFont from 'subset-font';
import { FONT_PATH } from './stamp-font';

// pdf-lib sets glyphs one after another by their advance and reads no
// substitution or positioning table: none is kept, so no ligature glyph can
// stand for several letters in the text a reader copies.
const UNREAD_TABLES = ['GSUB', 'GPOS', 'GDEF'];

/** The font with exactly the glyphs `line` needs, ready to embed whole. */
export async function lineFont(line: string): Promise<Buffer> {
  return subsetFont(await readFile(FONT_PATH), line, {
    targetFormat: 'truetype',
    noHinting: true,
    dropTables: UNREAD_TABLES,
  });
}
