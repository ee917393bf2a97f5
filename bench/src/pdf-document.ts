// A real PDF of about `bytes`, as a scanned document is: one page per greyscale
// image of random (incompressible) pixels, with a line of text, so a company's
// stamp has a document to parse, a page tree to walk and pages to grow.
import { randomFillSync } from 'node:crypto';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';

const A4 = [595, 842] as const;
const PAGE_BYTES = 512 * 1024;

export async function scannedPdf(bytes: number, title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pages = Math.max(1, Math.round(bytes / PAGE_BYTES));
  const side = Math.floor(Math.sqrt(bytes / pages));
  for (let index = 1; index <= pages; index += 1) {
    const page = document.addPage([...A4]);
    const image = document.context.register(
      document.context.stream(randomFillSync(Buffer.alloc(side * side)), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Scan', image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(A4[0], 0, 0, A4[1], 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
    page.drawText(`${title}, Seite ${index}`, { x: 40, y: 40, size: 12, font });
  }
  return Buffer.from(await document.save());
}
