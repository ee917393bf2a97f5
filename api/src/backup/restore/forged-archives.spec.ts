// Archives from elsewhere: each a valid gzip whose manifest parses, so only
// the tool's own checks stand between it and the stores. Each is refused
// with "Archiv abgelehnt: …" and leaves every store byte for byte as it was.
import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { packArchive, unpackArchive, type TarItem } from '../../../test/support/forged-archive';
import { createArchive } from '../archive/archive-writer';
import { describeBackupError, runBackupCommand } from '../backup.cli';
import type { Manifest } from '../archive/backup-manifest';
import type { Store } from '../backup-stores';
import { ALREADY_CHECKED } from '../archive/archive-signature';
import { restoreArchive } from './restore';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every entry below a folder: its kind, mode and content or target. */
function snapshot(root: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (path: string) => {
    const stats = lstatSync(path);
    const mode = (stats.mode & 0o7777).toString(8);
    const name = relative(root, path);
    if (stats.isSymbolicLink()) result[name] = `link ${readlinkSync(path)}`;
    else if (stats.isFile()) result[name] = `file ${mode} ${sha256(readFileSync(path))}`;
    else {
      result[name] = `dir ${mode}`;
      for (const child of readdirSync(path)) walk(join(path, child));
    }
  };
  walk(root);
  return result;
}

type Forgery = (items: TarItem[], manifest: Manifest) => void;

const byName = (items: TarItem[], name: string) => {
  const item = items.find((candidate) => candidate.header.name === name);
  if (!item) throw new Error(`no ${name} in the archive`);
  return item;
};

/** An entry the archive and its manifest both hold, as a real backup would list it. */
function addFile(items: TarItem[], manifest: Manifest, name: string, mode = 0o600): void {
  const body = Buffer.from('forged');
  items.unshift({ header: { name, type: 'file', mode, uid: 0, gid: 0 }, body });
  manifest.entries.push({
    path: name,
    type: 'file',
    size: body.length,
    sha256: sha256(body),
    mode,
    uid: 0,
    gid: 0,
  });
}

function addLink(items: TarItem[], manifest: Manifest, name: string, target: string): void {
  const header = { name, type: 'symlink' as const, linkname: target, uid: 0, gid: 0 };
  items.unshift({ header, body: Buffer.alloc(0) });
  manifest.entries.push({ path: name, type: 'symlink', target, uid: 0, gid: 0 });
}

const ACCESSES = 'stores/access/accesses.json';

const FORGERIES: Array<[string, Forgery, RegExp]> = [
  [
    'a file whose bytes changed (SHA-256)',
    (items) => {
      const item = byName(items, ACCESSES);
      item.body = Buffer.from(item.body.toString().replace('Muster', 'Fremde'));
    },
    /accesses\.json ist verändert/,
  ],
  [
    'a file the manifest lists but the archive lacks',
    (items) => items.splice(items.indexOf(byName(items, ACCESSES)), 1),
    /accesses\.json fehlt im Archiv/,
  ],
  [
    'a file the manifest does not list',
    (items) =>
      items.unshift({
        header: { name: 'stores/access/extra.json', type: 'file', mode: 0o600 },
        body: Buffer.from('{}'),
      }),
    /extra\.json steht nicht im Manifest/,
  ],
  [
    'a link where the manifest lists a file',
    (items) => {
      const item = byName(items, ACCESSES);
      item.header = { ...item.header, type: 'symlink', linkname: 'x', size: 0 };
      item.body = Buffer.alloc(0);
    },
    /accesses\.json hat die falsche Art/,
  ],
  [
    'an absolute link',
    (items, manifest) => addLink(items, manifest, 'stores/access/evil', '/etc/passwd'),
    /ungültiger Eintrag stores\/access\/evil/,
  ],
  [
    'a link climbing out of its store',
    (items, manifest) => addLink(items, manifest, 'stores/access/evil', '../../etc/passwd'),
    /ungültiger Eintrag stores\/access\/evil/,
  ],
  [
    'an absolute name',
    (items, manifest) => addFile(items, manifest, '/stores/access/x.json'),
    /ungültiger Eintrag \/stores\/access\/x\.json/,
  ],
  [
    'a name with ".."',
    (items, manifest) => addFile(items, manifest, 'stores/access/../../x.json'),
    /ungültiger Eintrag stores\/access\/\.\.\/\.\.\/x\.json/,
  ],
  [
    'a set-uid file',
    (items, manifest) => addFile(items, manifest, 'stores/access/run', 0o4755),
    /ungültiger Eintrag stores\/access\/run/,
  ],
];

/** Sound on the Pi's ext4; one file where the file system folds names (restore.ts). */
const FOLDED: [string, Forgery][] = [
  [
    'two names that differ only in case (one file on exFAT)',
    (items, manifest) => addFile(items, manifest, 'stores/access/Accesses.json'),
  ],
  [
    'a link and a folder whose names differ only in case, to write through the link',
    (items, manifest) => {
      addLink(items, manifest, 'stores/access/Log', '.');
      addFile(items, manifest, 'stores/access/log/evil.json');
    },
  ],
  [
    'two names alike once Unicode-normalised (NFD and NFC)',
    (items, manifest) => {
      addFile(items, manifest, 'stores/access/zeugnis-ü.pdf');
      addFile(items, manifest, 'stores/access/zeugnis-u\u0308.pdf');
    },
  ],
];

describe('an archive from elsewhere', () => {
  let work: string;
  let archive: string;
  let storeArgs: string[];
  let state: () => Record<string, unknown>;
  let stores: Store[];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'portfolio-forged-'));
    const access = join(work, 'access');
    const env = join(work, '.env');
    mkdirSync(join(access, 'log'), { recursive: true });
    writeFileSync(join(access, 'accesses.json'), '[{"label":"Muster AG"}]');
    writeFileSync(join(access, 'log', 'access-log.jsonl'), '{"action":"open"}\n');
    symlinkSync('log/access-log.jsonl', join(access, 'latest.jsonl'));
    writeFileSync(env, 'JWT_SECRET=geheim\n', { mode: 0o600 });
    stores = [
      { name: 'access', kind: 'folder', path: access },
      { name: 'env', kind: 'file', path: env },
    ];
    archive = (await createArchive({ stores, backupDir: join(work, 'backups'), version: 'x' }))
      .path;
    storeArgs = ['--store', `access=${access}`, '--file', `env=${env}`];
    state = () => ({ access: snapshot(access), env: readFileSync(env, 'utf8') });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function forge(name: string, change: Forgery): Promise<string> {
    const items = await unpackArchive(archive);
    const manifestItem = byName(items, 'manifest.json');
    const manifest = JSON.parse(manifestItem.body.toString()) as Manifest;
    change(items, manifest);
    manifestItem.body = Buffer.from(JSON.stringify(manifest));
    const forged = join(work, `${name.replace(/\W+/g, '-')}.tar.gz`);
    await packArchive(items, forged);
    return forged;
  }

  // Only the archive's contents are under test here: its origin in archive-origin.spec.ts.
  const restore = (file: string) =>
    runBackupCommand(['restore', file, '--skip-origin-check', ...storeArgs], {}, () => {});

  it('restores an archive unpacked and packed again unchanged: the forging itself is sound', async () => {
    const before = state();
    await restore(await forge('unchanged', () => undefined));
    expect(state()).toEqual(before);
  });

  it.each(FORGERIES)('refuses %s and changes nothing', async (name, change, reason) => {
    const forged = await forge(name, change);
    const before = state();
    const refusal = await restore(forged).then(
      () => undefined,
      (error: Error) => describeBackupError(error),
    );
    expect(refusal).toMatch(/^Archiv abgelehnt: [^\n]+$/);
    expect(refusal).toMatch(reason);
    expect(state()).toEqual(before);
  });

  it.each(FOLDED)(
    'refuses %s where the file system folds names, and changes nothing',
    async (name, change) => {
      const forged = await forge(name, change);
      const before = state();
      const folds = async () => true;
      const options = { trust: ALREADY_CHECKED, journals: join(work, 'journals'), folds };
      await expect(restoreArchive(forged, stores, options)).rejects.toThrow(
        /wären in .+ eine Datei \(dieser Datenträger unterscheidet/,
      );
      expect(state()).toEqual(before);
    },
  );
});
