import { parseManifest } from './manifest';

const group = (section: string, filenames: string[]) => ({
  section,
  files: filenames.map((filename) => ({ name: `Titel ${filename}`, filename })),
});

describe('document manifest', () => {
  it('accepts groups of named files', () => {
    const manifest = [group('Bewerbung', ['a.pdf']), group('Überbetriebliche Kurse', ['b.pdf'])];
    expect(parseManifest(manifest)).toEqual(manifest);
  });

  it.each([
    ['not a list', { section: 'x', files: [] }, 'must be a list of groups'],
    ['a group without files', [{ section: 'Bewerbung' }], '"files" must be a list'],
    [
      'an empty display name',
      [{ section: 'A', files: [{ name: ' ', filename: 'a.pdf' }] }],
      '"name"',
    ],
    [
      'a path as file name',
      [group('A', ['../secret.pdf'])],
      '"filename" must be a plain file name',
    ],
    ['a backslash', [group('A', ['sub\\a.pdf'])], '"filename"'],
    ['a NUL byte', [group('A', ['a.pdf\u0000'])], '"filename"'],
    ['a parent folder', [group('A', ['..'])], '"filename"'],
    ['the manifest itself', [group('A', ['manifest.json'])], '"filename"'],
    ['a section with a slash', [group('A/B', ['a.pdf'])], '"section" must be a plain name'],
    [
      'a file listed twice',
      [group('A', ['a.pdf']), group('B', ['a.pdf'])],
      '"a.pdf" is listed more than once',
    ],
    [
      'a section listed twice',
      [group('A', ['a.pdf']), group('A', ['b.pdf'])],
      '"A" is listed more than once',
    ],
  ])('refuses %s', (_case, manifest, message) => {
    expect(() => parseManifest(manifest)).toThrow(message);
  });
});
