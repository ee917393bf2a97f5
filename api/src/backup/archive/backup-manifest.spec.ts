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

const link = (path: string, target: string): ManifestEntry => ({
  path,
  type: 'symlink',
  target,
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

  it("accepts certbot's links from live/ into archive/", () => {
    const folder = (path: string): ManifestEntry => ({
      path,
      type: 'directory',
      mode: 0o755,
      ...owner,
    });
    const entries: ManifestEntry[] = [
      { ...root, path: 'stores/letsencrypt' },
      folder('stores/letsencrypt/archive'),
      folder('stores/letsencrypt/archive/example.ch'),
      file('stores/letsencrypt/archive/example.ch/cert1.pem'),
      folder('stores/letsencrypt/live'),
      folder('stores/letsencrypt/live/example.ch'),
      {
        path: 'stores/letsencrypt/live/example.ch/cert.pem',
        type: 'symlink',
        target: '../../archive/example.ch/cert1.pem',
        ...owner,
      },
    ];
    const text = manifestText(entries, [{ name: 'letsencrypt', kind: 'folder' }]);
    expect(parseManifest(text).entries).toHaveLength(7);
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
    ['an absolute link', [root, link('stores/access/evil', '/etc/passwd')]],
    ['a link out of its store', [root, link('stores/access/evil', '../../etc/passwd')]],
    ['a link into another store', [root, link('stores/access/evil', '../outbox/queue')]],
    [
      'a link climbing out through another link',
      [root, link('stores/access/here', '.'), link('stores/access/up', 'here/..')],
    ],
    ['a set-uid file', [root, { ...file('stores/access/a'), mode: 0o4755 }]],
    ['a sticky folder', [root, { ...root, path: 'stores/access/tmp', mode: 0o1777 }]],
  ] as Array<[string, ManifestEntry[]]>)('refuses %s', (_, entries) => {
    expect(() => parseManifest(manifestText(entries))).toThrow(ArchiveRefusedError);
  });

  it('refuses a file store holding anything but one regular file', () => {
    const stores = [{ name: 'env', kind: 'file' }];
    const asFolder = manifestText([{ ...root, path: 'stores/env' }], stores);
    expect(() => parseManifest(asFolder)).toThrow('Speicher env fehlt');
    const asLink = manifestText([link('stores/env', 'x')], stores);
    expect(() => parseManifest(asLink)).toThrow(ArchiveRefusedError);
  });

  it('refuses a store name that is not a plain word, and foreign JSON', () => {
    const bad = manifestText([root], [{ name: '../x', kind: 'folder' }]);
    expect(() => parseManifest(bad)).toThrow(ArchiveRefusedError);
    const twice = manifestText(
      [root],
      [
        { name: 'access', kind: 'folder' },
        { name: 'access', kind: 'file' },
      ],
    );
    expect(() => parseManifest(twice)).toThrow('ungültigen Speicher');
    expect(() => parseManifest('{"name":"some-package"}')).toThrow('unbekanntes Format');
    expect(() => parseManifest('not json')).toThrow('nicht lesbar');
  });
});
