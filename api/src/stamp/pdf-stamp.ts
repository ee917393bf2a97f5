// Writes the stamp into a PDF's pages (docs/product.md#the-stamp). Runs only in
// the stamping child (stamp-writer.child.ts): pdf-lib holds the whole document
// in memory while it works.
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument as Document, PDFFont, PDFPage } from 'pdf-lib';
import type { AsIsReason } from './as-is-reason';

// pdf-lib's one-file build: the child loads it in half the time of its
// hundreds of modules, which a company waits for on its first open.
const { degrees, PDFAcroSignature, PDFDocument, PDFName, rgb } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('pdf-lib/dist/pdf-lib.min.js') as typeof import('pdf-lib');

/** Why a PDF goes out as it is, as the PDF itself decides. */
export type Unstampable = Exclude<AsIsReason, 'too-costly'>;

export type StampResult = { bytes: Uint8Array } | { unstampable: Unstampable };

/** The band added below each page, in points (1/72 inch): about 5 mm. */
export const BAND = 14;
const SIZE = 7;
const MARGIN = 18;
const BASELINE = 4.5;
const GREY = rgb(0.35, 0.35, 0.35);
const WHITE = rgb(1, 1, 1);

/** The link's id in the document's keywords: a copy cut to the page still names its source. */
export const linkKeyword = (linkId: string) => `portfolio-link:${linkId}`;

const ENCRYPTED = /is encrypted/;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the band goes for a page turned by /Rotate: always below the page as a
 * reader sees it. `grow` extends a box by the band; `origin` and `angle` place
 * the line's start and direction in the grown box.
 */
interface Side {
  grow: (b: Box) => Box;
  /** The band in the grown box. */
  band: (b: Box) => Box;
  origin: (b: Box) => [number, number];
}

const SIDES: Record<number, Side> = {
  0: {
    grow: (b) => ({ ...b, y: b.y - BAND, height: b.height + BAND }),
    band: (b) => ({ ...b, height: BAND }),
    origin: (b) => [b.x + MARGIN, b.y + BASELINE],
  },
  90: {
    grow: (b) => ({ ...b, width: b.width + BAND }),
    band: (b) => ({ ...b, x: b.x + b.width - BAND, width: BAND }),
    origin: (b) => [b.x + b.width - BASELINE, b.y + MARGIN],
  },
  180: {
    grow: (b) => ({ ...b, height: b.height + BAND }),
    band: (b) => ({ ...b, y: b.y + b.height - BAND, height: BAND }),
    origin: (b) => [b.x + b.width - MARGIN, b.y + b.height - BASELINE],
  },
  270: {
    grow: (b) => ({ ...b, x: b.x - BAND, width: b.width + BAND }),
    band: (b) => ({ ...b, width: BAND }),
    origin: (b) => [b.x + BASELINE, b.y + b.height - MARGIN],
  },
};

const setBox = (page: PDFPage, set: 'setMediaBox' | 'setCropBox', box: Box) =>
  page[set](box.x, box.y, box.width, box.height);

/**
 * Stamps `line` below every page in `font`, the line's own cut of the stamp's
 * font (line-font.ts); the same input gives the same bytes.
 */
export async function stampPdf(
  source: Buffer,
  line: string,
  linkId: string,
  font: Uint8Array,
): Promise<StampResult> {
  let document: Document;
  try {
    // The document's own dates and producer stay: the stamp changes no fact about it.
    document = await PDFDocument.load(source, { updateMetadata: false });
  } catch (error) {
    // Anything pdf-lib cannot follow (a missing page tree, broken objects). Its
    // errors lose their class in its ES5 build: the message tells them apart.
    return { unstampable: ENCRYPTED.test(String(error)) ? 'encrypted' : 'unreadable' };
  }
  try {
    if (isSigned(document)) return { unstampable: 'signed' };
  } catch {
    return { unstampable: 'unreadable' };
  }
  return stamped(document, line, linkId, font);
}

/**
 * Whether a signature field holds a signature. A signature covers the bytes it
 * was made over, and pdf-lib rewrites the whole file (it cannot add an
 * incremental update): stamping would void it. An empty field signs nothing.
 */
function isSigned(document: Document): boolean {
  const fields = document.catalog.getAcroForm()?.getAllFields() ?? [];
  return fields.some(
    ([field]) => field instanceof PDFAcroSignature && field.dict.has(PDFName.of('V')),
  );
}

async function stamped(
  document: Document,
  line: string,
  linkId: string,
  font: Uint8Array,
): Promise<StampResult> {
  document.registerFontkit(fontkit);
  // Already cut to the line's glyphs (line-font.ts): embedded as it is. A fault of the
  // font is the stamp's own, not the PDF's: it throws, and the company is asked to wait.
  const embedded = await document.embedFont(font, { subset: false });
  embedded.encodeText(line);
  try {
    for (const page of document.getPages()) stampPage(page, embedded, line);
    const keywords = document.getKeywords();
    document.setKeywords([...(keywords ? [keywords] : []), linkKeyword(linkId)]);
    return { bytes: await document.save({ useObjectStreams: false }) };
  } catch {
    // A page tree or a box pdf-lib cannot follow.
    return { unstampable: 'unreadable' };
  }
}

function stampPage(page: PDFPage, font: PDFFont, line: string): void {
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const side = SIDES[angle] ?? SIDES[0];
  // Its own or inherited from the page tree, as a viewer finds it.
  const hasCropBox = page.node.CropBox() !== undefined;
  const visible = side.grow(page.getCropBox());
  setBox(page, 'setMediaBox', side.grow(page.getMediaBox()));
  if (hasCropBox) setBox(page, 'setCropBox', visible);
  // White under the line: a crop box inside the media box would otherwise
  // bring back into view what the document had cut away.
  page.drawRectangle({ ...side.band(visible), color: WHITE });
  const length = angle % 180 === 0 ? visible.width : visible.height;
  const size = Math.min(SIZE, (length - 2 * MARGIN) / font.widthOfTextAtSize(line, 1));
  const [x, y] = side.origin(visible);
  page.drawText(line, { x, y, size, font, color: GREY, rotate: degrees(angle) });
}
