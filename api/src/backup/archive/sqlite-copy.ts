// Mailpit's inbox is a SQLite database (mailpit.db, -wal and -shm beside it):
// its files copied while Mailpit writes can catch a page half-written, so
// SQLite's online backup copies a consistent snapshot while Mailpit works on.
// node:sqlite has it from Node 22.16 on: the API image's Node 24 does.
import { beginsWith } from './archive-crypto';

interface SqliteModule {
  DatabaseSync: new (path: string) => { close(): void };
  backup?: (source: InstanceType<SqliteModule['DatabaseSync']>, path: string) => Promise<number>;
}

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');
/** Files SQLite keeps beside a database, whose content the online copy holds. */
const SIDECARS = ['-wal', '-shm', '-journal'];

/** Whether a file is a SQLite database, judged by its first bytes (never by its name alone). */
export async function isSqliteDatabase(path: string): Promise<boolean> {
  return path.endsWith('.db') && beginsWith(path, HEADER);
}

/** The database a sidecar file belongs to ("mailpit.db" for "mailpit.db-wal"). */
export function sidecarOf(name: string): string | undefined {
  const suffix = SIDECARS.find((ending) => name.endsWith(ending));
  return suffix ? name.slice(0, -suffix.length) : undefined;
}

/** Writes a consistent copy of a live database to `destination`. */
export async function copySqliteDatabase(source: string, destination: string): Promise<void> {
  const sqlite = process.getBuiltinModule?.('node:sqlite') as SqliteModule | undefined;
  if (!sqlite?.backup)
    throw new Error(
      `${source} ist eine SQLite-Datenbank: sie lässt sich im laufenden Betrieb nur mit ` +
        `node:sqlite sichern (Node 22.16 oder neuer, wie im Docker-Image der API); ` +
        `dieses Node ist ${process.version}.`,
    );
  const database = new sqlite.DatabaseSync(source);
  try {
    await sqlite.backup(database, destination);
  } finally {
    database.close();
  }
}
