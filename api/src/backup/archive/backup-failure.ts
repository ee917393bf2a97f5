// Why a backup stopped, in the one German line the owner reads (in the
// nightly log, too): the cause and the folder it concerns. Every failure
// leaves BACKUP_DIR as it was and no store changed, which the line says.
import type { Store } from '../backup-stores';
import { messageOf, shown } from './backup-manifest';

/** A backup that was refused or broken off; its message is the owner's one line. */
export class BackupFailedError extends Error {}

const NOTHING_LEFT = 'kein Archiv geschrieben, nichts verändert';

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

export function tooLittleSpace(backupDir: string, free: string, needed: string) {
  return new BackupFailedError(
    `Sicherung abgelehnt: in ${backupDir} sind ${free} frei, die Sicherung braucht bis zu ${needed}; ` +
      `${NOTHING_LEFT}.`,
  );
}

export function storeVanished(store: Store): BackupFailedError {
  return new BackupFailedError(
    `Sicherung abgebrochen: ${store.name} (${store.path}) ist während der Sicherung ` +
      `verschwunden; ${NOTHING_LEFT}.`,
  );
}

/** A store that could not be read whole: unreadable, of the wrong kind, or gone meanwhile. */
export function storeUnreadable(store: Store, error: unknown): BackupFailedError {
  if (error instanceof BackupFailedError) return error;
  if (codeOf(error) === 'ENOENT' && (error as NodeJS.ErrnoException).path === store.path)
    return storeVanished(store);
  return new BackupFailedError(
    `Sicherung abgebrochen: ${store.name} (${store.path}) ist nicht lesbar (${detail(error)}); ` +
      `${NOTHING_LEFT}.`,
  );
}

/** Whatever else stopped the archive: named with the folder it was written to. */
export function archiveFailed(backupDir: string, error: unknown): BackupFailedError {
  if (error instanceof BackupFailedError) return error;
  if (isDiskFull(error))
    return new BackupFailedError(
      `Sicherung abgebrochen: in ${backupDir} ist kein Platz mehr (Datenträger voll); ${NOTHING_LEFT}.`,
    );
  return new BackupFailedError(
    `Sicherung abgebrochen: das Archiv in ${backupDir} liess sich nicht schreiben ` +
      `(${detail(error)}); ${NOTHING_LEFT}.`,
  );
}

/** A file the restore's own rules would refuse: a link out of its store, a name it never writes. */
export function unrestorable(path: string): BackupFailedError {
  return new BackupFailedError(
    `Sicherung abgebrochen: ${shown(path)} liesse sich nicht wiederherstellen (ein Link aus ` +
      `seinem Ordner hinaus oder ein Name, den eine Wiederherstellung nie schreibt): durch die ` +
      `Datei selbst ersetzen oder entfernen; ${NOTHING_LEFT}.`,
  );
}

/** The archive just written does not read back whole: it never counts as a backup. */
export function unreadableBack(error: unknown): BackupFailedError {
  return new BackupFailedError(
    `Sicherung abgebrochen: das eben geschriebene Archiv besteht die Prüfung nicht ` +
      `(${detail(error)}); ${NOTHING_LEFT}.`,
  );
}
