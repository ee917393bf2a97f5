// manifest.json, the last entry of every archive: what it must hold, file by
// file. verify and restore trust nothing else, so a damaged, cut or foreign
// archive is recognised before anything is changed.
import { posix } from 'node:path';
import { STORE_NAME, type StoreKind } from '../backup-stores';
import { parseJson, shown } from '../backup-text';

export const MANIFEST_NAME = 'manifest.json';
/** Every store's files lie under stores/<name>/ (a single-file store is stores/<name>). */
const STORES_PREFIX = 'stores';
const FORMAT = 'portfolio-backup';
const FORMAT_VERSION = 1;

/** An entry: its name in the archive (`path`), its owner, and what its type needs. */
type Owned = { path: string; uid: number; gid: number };
export type FileEntry = Owned & { type: 'file'; size: number; sha256: string; mode: number };
export type DirectoryEntry = Owned & { type: 'directory'; mode: number };
type SymlinkEntry = Owned & { type: 'symlink'; target: string };
export type ManifestEntry = FileEntry | DirectoryEntry | SymlinkEntry;
export type ManifestStore = { name: string; kind: StoreKind; files: number; bytes: number };

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: typeof FORMAT_VERSION;
  /** The project's git commit, or PORTFOLIO_VERSION, or "unknown". */
  version: string;
  createdAt: string;
  durationMs: number;
  stores: ManifestStore[];
  entries: ManifestEntry[];
}

export class ArchiveRefusedError extends Error {
  constructor(
    message: string,
    /** The manifest's entry refused, if one was: the backup names its file. */
    readonly entry?: string,
  ) {
    super(message);
  }
}

export function storeRoot(name: string): string {
  return `${STORES_PREFIX}/${name}`;
}

/** Where an archive entry of a store lies below `base` (the store's folder, file or staging). */
export function placeOf(base: string, storeName: string, entryPath: string): string {
  const root = storeRoot(storeName);
  return entryPath === root ? base : posix.join(base, entryPath.slice(root.length + 1));
}

export function newManifest(fields: Omit<Manifest, 'format' | 'formatVersion'>): Manifest {
  return { format: FORMAT, formatVersion: FORMAT_VERSION, ...fields };
}

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
/** Permission bits only: a restored file is never set-uid, set-gid or sticky. */
const isMode = (value: unknown) => isCount(value) && (value as number) <= 0o777;

/**
 * A link's target stays in its store, provably: relative, first only "..", then only names
 * (a ".." after a name could leave a folder that is a link), like certbot's live/ links.
 */
export function staysInStore(path: string, target: string): boolean {
  if (target === '' || posix.isAbsolute(target)) return false;
  const parts = target.split('/').filter((part) => part !== '' && part !== '.');
  const climbs = parts.findIndex((part) => part !== '..');
  if (climbs >= 0 && parts.slice(climbs).includes('..')) return false;
  const root = storeRoot(storeOf(path) ?? '');
  const resolved = posix.join(posix.dirname(path), target);
  return resolved === root || resolved.startsWith(`${root}/`);
}

function checkEntry(entry: ManifestEntry): boolean {
  if (typeof entry?.path !== 'string' || !isCount(entry.uid) || !isCount(entry.gid)) return false;
  if (entry.path.includes('\0')) return false;
  switch (entry.type) {
    case 'file':
      return isCount(entry.size) && /^[0-9a-f]{64}$/.test(entry.sha256) && isMode(entry.mode);
    case 'directory':
      return isMode(entry.mode);
    case 'symlink':
      return typeof entry.target === 'string' && staysInStore(entry.path, entry.target);
    default:
      return false;
  }
}

/** The store an entry belongs to, or undefined for a name outside stores/<name>. */
export function storeOf(path: string): string | undefined {
  const [prefix, name] = path.split('/');
  return prefix === STORES_PREFIX && name ? name : undefined;
}

/** A name as a folding file system (exFAT, APFS, a Docker Desktop bind mount) sees it. */
const foldName = (path: string) => path.normalize('NFC').toLowerCase();

/** Two entries of a store that a folding file system would take for one file, if any. */
export function foldedTwins(manifest: Manifest, store: string): [string, string] | undefined {
  const seen = new Map<string, string>();
  for (const { path } of manifest.entries.filter((entry) => storeOf(entry.path) === store)) {
    const twin = seen.get(foldName(path));
    if (twin !== undefined) return [twin, path];
    seen.set(foldName(path), path);
  }
  return undefined;
}

/**
 * manifest.json, if restore can write it safely (the backup checks its own alike): names in
 * their store, none twice, none below a link or a file, permission bits only.
 */
export function parseManifest(text: string): Manifest {
  const manifest = parseJson<Manifest>(text);
  if (manifest === undefined) throw new ArchiveRefusedError('manifest.json ist nicht lesbar');
  if (manifest?.format !== FORMAT || manifest.formatVersion !== FORMAT_VERSION)
    throw new ArchiveRefusedError('manifest.json hat ein unbekanntes Format');
  if (!Array.isArray(manifest.entries) || !Array.isArray(manifest.stores))
    throw new ArchiveRefusedError('manifest.json ist unvollständig');
  const stores = new Map(manifest.stores.map((store) => [store?.name, store?.kind]));
  const validStore = ([name, kind]: [unknown, unknown]) =>
    typeof name === 'string' && STORE_NAME.test(name) && (kind === 'folder' || kind === 'file');
  if (stores.size !== manifest.stores.length || ![...stores].every(validStore))
    throw new ArchiveRefusedError('manifest.json nennt einen ungültigen Speicher');
  const byPath = new Map<string, ManifestEntry>();
  const bad = (path: unknown) =>
    new ArchiveRefusedError(`manifest.json: ungültiger Eintrag ${shown(path)}`, String(path));
  for (const entry of manifest.entries) {
    if (!checkEntry(entry) || byPath.has(entry.path)) throw bad(entry?.path);
    const name = storeOf(entry.path);
    const normal = posix.normalize(entry.path);
    if (!name || !stores.has(name) || normal !== entry.path || entry.path.endsWith('/'))
      throw bad(entry.path);
    byPath.set(entry.path, entry);
  }
  for (const entry of manifest.entries) {
    // Every parent a folder of the archive's own: restore never writes through a link.
    for (let parent = posix.dirname(entry.path); storeOf(parent); parent = posix.dirname(parent)) {
      if (byPath.get(parent)?.type !== 'directory') throw bad(entry.path);
    }
  }
  for (const [name, kind] of stores) {
    const root = byPath.get(storeRoot(name));
    if (root?.type !== (kind === 'folder' ? 'directory' : 'file'))
      throw new ArchiveRefusedError(`manifest.json: Speicher ${shown(name)} fehlt`);
  }
  return manifest;
}

/** "access 3, outbox 1, env 1 Datei(en)": what an archive holds, for the one line a command prints. */
export function describeStores(stores: ManifestStore[]): string {
  return `${stores.map((store) => `${store.name} ${store.files}`).join(', ')} Datei(en)`;
}
