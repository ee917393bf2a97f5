/** A PDF as the site checks it: "%PDF-" first, "%%EOF" last, `text` between, padded to `size`. */
export function pdf(text: string, size = 0): Buffer {
  const head = `%PDF-1.7\n% ${text}\n`;
  const end = '\n%%EOF\n';
  const pad = Math.max(0, size - head.length - end.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(pad, 0x20), Buffer.from(end)]);
}

/** A real PDF made by pdf-lib: one page per text, each turned by its `rotate` (degrees). */
export async function realPdf(pages: Array<{ text: string; rotate?: number }>): Promise<Buffer> {
  const { PDFDocument, StandardFonts, degrees } = await import('pdf-lib');
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const { text, rotate = 0 } of pages) {
    const page = document.addPage([595, 842]);
    page.setRotation(degrees(rotate));
    page.drawText(text, { x: 72, y: 700, size: 14, font });
  }
  return Buffer.from(await document.save());
}
