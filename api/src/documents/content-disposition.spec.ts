import { attachmentDisposition, contentTypeFor } from './content-disposition';

describe('Content-Disposition', () => {
  it('gives plain names as they are', () => {
    expect(attachmentDisposition('uek-106.pdf')).toBe(
      `attachment; filename="uek-106.pdf"; filename*=UTF-8''uek-106.pdf`,
    );
  });

  it('keeps the exact UTF-8 name in filename* and an ASCII fallback in filename', () => {
    expect(attachmentDisposition('Zeugnis Über "1" (2025).pdf')).toBe(
      `attachment; filename="Zeugnis _ber _1_ (2025).pdf"; ` +
        `filename*=UTF-8''Zeugnis%20%C3%9Cber%20%221%22%20%282025%29.pdf`,
    );
  });
});

describe('Content-Type', () => {
  it.each([
    ['a.pdf', 'application/pdf'],
    ['A.PDF', 'application/pdf'],
    ['b.png', 'image/png'],
    ['c.unknown', 'application/octet-stream'],
    ['noextension', 'application/octet-stream'],
  ])('%s is %s', (name, type) => {
    expect(contentTypeFor(name)).toBe(type);
  });
});
