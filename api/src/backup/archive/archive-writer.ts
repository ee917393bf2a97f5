// Writes one archive (tar, gzip, age for BACKUP_AGE_RECIPIENTS) of every store,
// manifest.json last, under a hidden owner-only name that becomes its own only
// once complete, flushed and read back whole. Consistent while the site runs:
// - the API replaces access and outbox files whole (a rename), so an opened
//   file is the old or the new version; the access log is only appended to, and
//   is copied up to its length when opened, which ends a line;
// - a file gone between listing and opening (a message moved from queue/ to
//   sending/) is looked for again: the store is listed until nothing is missed;
// - a SQLite database (Mailpit's inbox) is copied with SQLite's online backup.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import {
  lstat,
  mkdir,
  open,
  readdir,
  readlink,
  rename,
  rm,
  stat,
  type FileHandle,
} from 'node:fs/promises';
import { basename, join, posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack, type Pack } from 'tar-stream';
import {
  ArchiveRefusedError,
  MANIFEST_NAME,
  newManifest,
  parseManifest,
  placeOf,
  staysInStore,
  storeOf,
  storeRoot,
  type FileEntry,
  type ManifestEntry,
  type ManifestStore,
} from './backup-manifest';
import { shown } from '../backup-text';
import type { Store } from '../backup-stores';
import {
  archiveFailed,
  isDiskFull,
  storeUnreadable,
  storeVanished,
  unreadableBack,
  unlessGone,
  unrestorable,
} from './backup-failure';
import { checkRoom } from './archive-size';
import { pinAccessStores, unpin, type PinnedStore } from './access-snapshot';
import { listStore } from './store-listing';
import { copySqliteDatabase, isSqliteDatabase, sidecarOf } from './sqlite-copy';
import { archiveName } from './retention';
import { encryptingStream, newKeyPair } from './archive-crypto';
import { publicKeyOf, SIGNATURE_NAME, signManifest, type Trust } from './archive-signature';
import { readArchive } from './archive-reader';
import { handToOwnerOf } from '../../files/file-ownership';
import { syncToDisk } from '../../files/durable-file';

/** How often a store is listed again for files that moved while it was copied. */
const MAX_PASSES = 5;

export interface ArchiveSummary {
  path: string;
  bytes: number;
  encrypted: boolean;
  signed: boolean;
  stores: ManifestStore[];
  /** Stores that were asked for but do not exist (e.g. no documents/private). */
  absent: string[];
  /** Left out, by path as shown to the owner: a name that is not UTF-8, a link out of its store. */
  skipped: string[];
}

/** An entry: its name in the archive, and where its bytes are read (a database's snapshot). */
interface Source {
  name: string;
  path: string;
  stats: Stats;
  /** The file opened already, when its store was pinned (access-snapshot.ts). */
  handle?: FileHandle;
  /** Owner and mode to record when `path` is a stand-in (the snapshot). */
  owner?: Pick<Stats, 'uid' | 'gid' | 'mode'>;
}

/** Only the permission bits: restore refuses set-uid, set-gid and sticky. */
const PERMISSIONS = 0o777;

/** An entry's sink: its callback, and its 'error' event too, carry a failed archive's error. */
function openEntry(archive: Pack, header: Parameters<Pack['entry']>[0], body?: Buffer) {
  let settle: (error?: Error | null) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  // Awaited later, or raced while the file is read: never an unhandled rejection meanwhile.
  done.catch(() => undefined);
  const sink = body ? archive.entry(header, body, settle) : archive.entry(header, settle);
  sink.on('error', () => undefined);
  return { sink, done };
}

function addEntry(archive: Pack, header: Parameters<Pack['entry']>[0], body?: Buffer) {
  return openEntry(archive, header, body ?? Buffer.alloc(0)).done;
}

/** Streams one file into the archive, hashing exactly the bytes that go in. */
async function addFile(archive: Pack, source: Source): Promise<ManifestEntry | undefined> {
  const file = source.handle ?? (await unlessGone(open(source.path, 'r')));
  if (!file) return undefined;
  try {
    // The size of the file as opened: a log appended to meanwhile is copied
    // up to this length, a file replaced meanwhile stays the opened version.
    const stats = await file.stat();
    const { size } = stats;
    const { mode, uid, gid } = source.owner ?? stats;
    const hash = createHash('sha256');
    const permissions = mode & PERMISSIONS;
    const entry = { name: source.name, size, mode: permissions, uid, gid, mtime: stats.mtime };
    if (size === 0) await addEntry(archive, entry);
    else {
      const { sink, done } = openEntry(archive, entry);
      const bytes = file.createReadStream({ start: 0, end: size - 1, autoClose: false });
      for await (const chunk of bytes) {
        hash.update(chunk as Buffer);
        if (!sink.write(chunk))
          await Promise.race([
            new Promise<void>((resolve) => sink.once('drain', () => resolve())),
            done,
          ]);
      }
      sink.end(Buffer.alloc(0));
      await done;
    }
    const sha256 = hash.digest('hex');
    return { path: source.name, type: 'file', size, sha256, mode: permissions, uid, gid };
  } finally {
    await file.close();
  }
}

/** A SQLite database as a file of its own: a link (to one outside, too) is never opened. */
const isDatabaseFile = async (path: string) =>
  (await lstat(path).catch(() => undefined))?.isFile() === true &&
  (await isSqliteDatabase(path).catch(() => false));

/** A source the archive leaves out, named to the owner. */
const SKIPPED = Symbol('skipped');

async function addSource(
  archive: Pack,
  source: Source,
): Promise<ManifestEntry | undefined | typeof SKIPPED> {
  const { stats, name } = source;
  const owner = { uid: stats.uid, gid: stats.gid };
  if (stats.isDirectory()) {
    const mode = stats.mode & PERMISSIONS;
    await addEntry(archive, { name, type: 'directory', mode, ...owner, mtime: stats.mtime });
    return { path: name, type: 'directory', mode, ...owner };
  }
  if (stats.isSymbolicLink()) {
    const target = await unlessGone(readlink(source.path));
    if (target === undefined) return undefined;
    // Left out and named: the restore would refuse it, and a link to / would hold the machine.
    if (!staysInStore(name, target)) return SKIPPED;
    await addEntry(archive, { name, type: 'symlink', linkname: target, ...owner });
    return { path: name, type: 'symlink', target, ...owner };
  }
  return addFile(archive, source);
}

class StoreWriter {
  readonly entries: ManifestEntry[] = [];
  readonly skipped = new Set<string>();

  constructor(
    private readonly archive: Pack,
    private readonly scratch: string,
    /** The archive's own failure (a full disk), which is never a store's fault. */
    private readonly writeError: () => unknown,
    /** Stores read as they were under the access store's lock (access-snapshot.ts). */
    private readonly pinned: Map<string, PinnedStore>,
  ) {}

  /** Adds a store the size check found; one gone since, or unreadable, stops the backup. */
  async addStore(store: Store): Promise<ManifestStore> {
    const before = this.entries.length;
    try {
      await this.addRoot(store);
    } catch (error) {
      if (this.writeError() !== undefined || isDiskFull(error)) throw error;
      throw storeUnreadable(store, error);
    }
    const added = this.entries
      .slice(before)
      .filter((entry): entry is FileEntry => entry.type === 'file');
    const bytes = added.reduce((sum, entry) => sum + entry.size, 0);
    return { name: store.name, kind: store.kind, files: added.length, bytes };
  }

  private async addRoot(store: Store): Promise<void> {
    const rootStats = await lstat(store.path);
    const root = storeRoot(store.name);
    if (store.kind === 'file') {
      const stats = await stat(store.path);
      // A FIFO would block the backup, a folder would not restore as one file.
      if (!stats.isFile()) throw new Error('keine gewöhnliche Datei');
      if (!(await this.add({ name: root, path: store.path, stats }))) throw storeVanished(store);
      return;
    }
    if (!rootStats.isDirectory()) throw new Error('kein Ordner');
    await this.add({ name: root, path: store.path, stats: rootStats });
    const pinned = this.pinned.get(store.name);
    if (pinned) await this.addPinned(store.path, root, pinned);
    else await this.addFolderContents(store.path, root, store.leaveOut);
  }

  /** A pinned store's entries, its files read from the handles opened under the lock. */
  private async addPinned(folder: string, root: string, { names, files, skipped }: PinnedStore) {
    for (const path of skipped) this.skipped.add(path);
    for (const name of names) {
      const handle = files.get(name);
      files.delete(name);
      if (!handle) await this.addNamed(folder, root, name, false);
      else {
        const [path, archived] = [join(folder, name), posix.join(root, name)];
        await this.add({ name: archived, path, stats: await handle.stat(), handle });
      }
    }
  }

  private async addFolderContents(folder: string, root: string, leaveOut?: string) {
    const done = new Set<string>();
    const databases = new Set<string>();
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      const listed = await listStore(folder, leaveOut, this.skipped);
      const names = listed.filter((name) => !done.has(name));
      for (const name of names) if (await isDatabaseFile(join(folder, name))) databases.add(name);
      let missed = false;
      for (const name of names) {
        // A database's -wal and -shm: its snapshot already holds them.
        const sidecar = databases.has(sidecarOf(name) ?? '');
        if (sidecar || (await this.addNamed(folder, root, name, databases.has(name))))
          done.add(name);
        else missed = true;
      }
      // Files new since are newer than the backup; only one that moved away needs another look.
      if (!missed) return;
    }
  }

  private async addNamed(folder: string, root: string, name: string, database: boolean) {
    const path = join(folder, name);
    const stats = await unlessGone(lstat(path));
    if (!stats) return false;
    if (!stats.isFile() && !stats.isDirectory() && !stats.isSymbolicLink()) return true;
    const archived = posix.join(root, name);
    if (!database) return this.add({ name: archived, path, stats });
    const snapshot = join(this.scratch, `${randomUUID()}.db`);
    await copySqliteDatabase(path, snapshot);
    // The snapshot stands in for the database: its content, the original's owner and mode.
    try {
      return await this.add({ name: archived, path: snapshot, stats, owner: stats });
    } finally {
      await rm(snapshot, { force: true });
    }
  }

  private async add(source: Source): Promise<boolean> {
    const entry = await addSource(this.archive, source);
    if (entry === SKIPPED) this.skipped.add(shown(source.path));
    else if (entry) this.entries.push(entry);
    return entry !== undefined;
  }
}

export interface CreateOptions {
  stores: Store[];
  backupDir: string;
  version: string;
  /** age public keys: with any, the archive is encrypted to all of them. */
  recipients?: string[];
  /** The site's secret signing key (BACKUP_SIGNING_KEY): signs the manifest. */
  signingKey?: string;
  now?: Date;
  /** Runs before each store is read: the tests' seam for a store that changes meanwhile. */
  beforeStore?: (store: Store) => Promise<void>;
  /** Runs once the archive is on disk, before it is read back: the tests' seam for a bad disk. */
  afterWrite?: (temporary: string) => Promise<void>;
}

/** The reader's own rules on the manifest made (backup-manifest.ts): else no archive at all. */
function checkRestorable(body: Buffer, stores: Store[]): void {
  try {
    parseManifest(body.toString('utf8'));
  } catch (error) {
    const entry = error instanceof ArchiveRefusedError ? error.entry : undefined;
    const store = stores.find((one) => one.name === storeOf(entry ?? ''));
    if (!store || entry === undefined) throw error;
    throw unrestorable(placeOf(store.path, store.name, entry));
  }
}

type WriteOptions = Omit<CreateOptions, 'backupDir' | 'stores'> & { now: Date };

/** Writes the archive of the present stores to `temporary`; returns the manifest's stores. */
async function writeArchive(
  temporary: string,
  scratch: string,
  present: Store[],
  options: WriteOptions,
) {
  const pinned = await pinAccessStores(present);
  try {
    return await writeStores(temporary, scratch, present, options, pinned);
  } finally {
    await unpin(pinned);
  }
}

async function writeStores(
  temporary: string,
  scratch: string,
  present: Store[],
  options: WriteOptions,
  pinned: Map<string, PinnedStore>,
) {
  const { version, now, beforeStore, recipients = [], signingKey } = options;
  const started = Date.now();
  const archive = pack();
  let writeError: unknown;
  const encryption = recipients.length > 0 ? [await encryptingStream(recipients)] : [];
  const written = pipeline([
    archive as unknown as NodeJS.ReadableStream,
    createGzip(),
    ...encryption,
    createWriteStream(temporary, { flags: 'r+' }),
  ]).catch((error: unknown) => {
    writeError = error;
  });
  const writer = new StoreWriter(archive, scratch, () => writeError, pinned);
  const summaries: ManifestStore[] = [];
  try {
    for (const store of present) {
      await beforeStore?.(store);
      summaries.push(await writer.addStore(store));
    }
    const manifest = newManifest({
      version,
      createdAt: now.toISOString(),
      durationMs: Date.now() - started,
      stores: summaries,
      entries: writer.entries,
    });
    const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    checkRestorable(body, present);
    await addEntry(archive, { name: MANIFEST_NAME, mode: 0o600, mtime: now }, body);
    if (signingKey) {
      const signature = signManifest(body, signingKey);
      await addEntry(archive, { name: SIGNATURE_NAME, mode: 0o600, mtime: now }, signature);
    }
    archive.finalize();
  } catch (error) {
    const cause = writeError ?? error;
    archive.destroy(error as Error);
    await written;
    throw cause;
  }
  await written;
  if (writeError !== undefined) throw writeError;
  return { summaries, skipped: [...writer.skipped].sort() };
}

/** Read back as verify would, also with a key of its own: the Pi has none that opens archives. */
async function proofOf({ recipients = [], signingKey }: Partial<CreateOptions>) {
  const own = recipients.length > 0 ? await newKeyPair() : undefined;
  const source = 'BACKUP_SIGNING_KEY';
  const signer = signingKey ? { key: publicKeyOf(signingKey), source } : undefined;
  const trust: Trust = { encryptedOnly: own !== undefined, signer, skip: false };
  return { recipients: own ? [...recipients, own.recipient] : [], key: own?.key, trust };
}

/** A backup's hidden files in BACKUP_DIR: its scratch folder and its archive until complete. */
const LEFT_BY_A_BACKUP = /^\.portfolio-backup-.+\.tmp$/;

/** What a backup killed midway left (a plain copy of the inbox, maybe); none is in use. */
async function removeLeftovers(backupDir: string): Promise<void> {
  const names = await readdir(backupDir).catch(() => [] as string[]);
  for (const name of names.filter((name) => LEFT_BY_A_BACKUP.test(name)))
    await rm(join(backupDir, name), { recursive: true, force: true });
}

/** One archive of the stores in BACKUP_DIR, or nothing and a BackupFailedError's one line. */
export async function createArchive({
  stores,
  backupDir,
  now = new Date(),
  ...options
}: CreateOptions): Promise<ArchiveSummary> {
  let temporary: string | undefined;
  const scratch = join(backupDir, `.portfolio-backup-scratch-${randomUUID()}.tmp`);
  const proof = await proofOf(options);
  try {
    await mkdir(backupDir, { recursive: true, mode: 0o700 });
    await removeLeftovers(backupDir);
    const found = await checkRoom(stores, backupDir, proof.recipients.length);
    const encrypted = proof.recipients.length > 0;
    const path = await archiveName(backupDir, now, encrypted);
    temporary = join(backupDir, `.${basename(path)}.${randomUUID()}.tmp`);
    await mkdir(scratch, { mode: 0o700 });
    // Owner-only from the first byte: the archive holds personal data.
    const created = await open(temporary, 'wx', 0o600);
    await created.chmod(0o600).finally(() => created.close());
    const present = stores.filter((store) => found.has(store.name));
    const { summaries, skipped } = await writeArchive(temporary, scratch, present, {
      ...options,
      recipients: proof.recipients,
      now,
    });
    await syncToDisk(temporary);
    await options.afterWrite?.(temporary);
    await readArchive(temporary, proof).catch((error: unknown) => {
      throw unreadableBack(error);
    });
    await handToOwnerOf(temporary, backupDir);
    await rename(temporary, path);
    await syncToDisk(backupDir);
    const absent = stores.filter((store) => !found.has(store.name)).map((store) => store.name);
    const bytes = (await stat(path)).size;
    const signed = options.signingKey !== undefined;
    return { path, bytes, encrypted, signed, stores: summaries, absent, skipped };
  } catch (error) {
    if (temporary) await rm(temporary, { force: true });
    throw archiveFailed(backupDir, error);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
