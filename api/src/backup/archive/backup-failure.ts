// Why a backup stopped, in the owner's one German line (the nightly log's
// too): the cause, the folder, and that BACKUP_DIR and every store are as before.
import type { Store } from '../backup-stores';
import { messageOf } from '../../common/error-message';
import { shown } from '../backup-text';

/** A backup that was refused or broken off; its message is the owner's one line. */
export class BackupFailedError extends Error {}

/** The owner's line for a backup that stopped: nothing written, nothing changed. */
export const stopped = (why: string, how = 'abgebrochen') =>
  new BackupFailedError(`Sicherung ${how}: ${why}; kein Archiv geschrieben, nichts verändert.`);

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** A file of a live store may vanish while it is read: then there is nothing to add. */
export function unlessGone<T>(pending: Promise<T>): Promise<T | undefined> {
  return pending.catch((error: unknown) => {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  });
}

export const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(codeOf(error) ?? '');

function detail(error: unknown): string {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  if (code && path) return `${code}: ${path}`;
  return code ?? messageOf(error);
}

export const storeVanished = (store: Store) =>
  stopped(`${store.name} (${store.path}) ist während der Sicherung verschwunden`);

/** A store that could not be read whole: unreadable, of the wrong kind, or gone meanwhile. */
export function storeUnreadable(store: Store, error: unknown): BackupFailedError {
  if (error instanceof BackupFailedError) return error;
  if (codeOf(error) === 'ENOENT' && (error as NodeJS.ErrnoException).path === store.path)
    return storeVanished(store);
  return stopped(`${store.name} (${store.path}) ist nicht lesbar (${detail(error)})`);
}

/** Whatever else stopped the archive: named with the folder it was written to. */
export function archiveFailed(backupDir: string, error: unknown): BackupFailedError {
  if (error instanceof BackupFailedError) return error;
  if (isDiskFull(error)) return stopped(`in ${backupDir} ist kein Platz mehr (Datenträger voll)`);
  return stopped(`das Archiv in ${backupDir} liess sich nicht schreiben (${detail(error)})`);
}

/** A file the restore's own rules would refuse: a link out of its store, a name it never writes. */
export const unrestorable = (path: string) =>
  stopped(
    `${shown(path)} liesse sich nicht wiederherstellen (ein Link aus seinem Ordner hinaus oder ` +
      'ein Name, den eine Wiederherstellung nie schreibt): durch die Datei selbst ersetzen oder entfernen',
  );

/** The archive just written does not read back whole: it never counts as a backup. */
export const unreadableBack = (error: unknown) =>
  stopped(`das eben geschriebene Archiv besteht die Prüfung nicht (${detail(error)})`);
