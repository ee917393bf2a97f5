import {
  ArchiveRefusedError,
  newManifest,
  parseManifest,
  type ManifestEntry,
} from './backup-manifest';

const owner = { uid: 1000, gid: 1000 };
const sha256 = 'a'.repeat(64);

function manifestText(entries: ManifestEntry[], stores = [{ name: 'access', kind: 'folder' }]) {
  const full = stores.map((store) => ({ ...store, files: 0, bytes: 0 }));
  return JSON.stringify(
    newManifest({
      version: 'x',
      createdAt: '2026-11-25T02:15:00.000Z',
      durationMs: 1,
      stores: full as never,
      entries,
    }),
  );
}

const root: ManifestEntry = { path: 'stores/access', type: 'directory', mode: 0o700, ...owner };
const file = (path: string): ManifestEntry => ({
  path,
  type: 'file',
  size: 1,
  sha256,
  mode: 0o600,
  ...owner,
});

describe('parseManifest', () => {
  it('accepts folders, files and links inside their store', () => {
    const entries: ManifestEntry[] = [
      root,
      { path: 'stores/access/live', type: 'directory', mode: 0o700, ...owner },
      file('stores/access/live/a.json'),
      { path: 'stores/access/link', type: 'symlink', target: 'live/a.json', ...owner },
    ];
    expect(parseManifest(manifestText(entries)).entries).toHaveLength(4);
  });

  it.each([
    ['a name leaving its store', [root, file('stores/access/../../etc/passwd')]],
    ['a name outside every store', [root, file('etc/passwd')]],
    [
      'a file below a link',
      [
        root,
        { path: 'stores/access/l', type: 'symlink', target: '/etc', ...owner },
        file('stores/access/l/passwd'),
      ],
    ],
    ['a file below a file', [root, file('stores/access/a'), file('stores/access/a/b')]],
    ['a name twice', [root, file('stores/access/a'), file('stores/access/a')]],
    ['a store without its folder', [file('stores/access/a')]],
    ['a hash that is not one', [root, { ...file('stores/access/a'), sha256: 'nope' }]],
  ] as Array<[string, ManifestEntry[]]>)('refuses %s', (_, entries) => {
    expect(() => parseManifest(manifestText(entries))).toThrow(ArchiveRefusedError);
  });

  it('refuses a store name that is not a plain word, and foreign JSON', () => {
    const bad = manifestText([root], [{ name: '../x', kind: 'folder' }]);
    expect(() => parseManifest(bad)).toThrow(ArchiveRefusedError);
    expect(() => parseManifest('{"name":"some-package"}')).toThrow('unbekanntes Format');
    expect(() => parseManifest('not json')).toThrow('nicht lesbar');
  });
});
