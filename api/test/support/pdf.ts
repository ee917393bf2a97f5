/** A PDF as the site checks it: "%PDF-" first, "%%EOF" last, `text` between, padded to `size`. */
export function pdf(text: string, size = 0): Buffer {
  const head = `%PDF-1.7\n% ${text}\n`;
  const end = '\n%%EOF\n';
  const pad = Math.max(0, size - head.length - end.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(pad, 0x20), Buffer.from(end)]);
}
