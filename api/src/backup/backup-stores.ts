// The named stores one backup holds: a folder (`--store access=/app/access`)
// or a file (`--file env=/project/.env`); for make backup-local the folders of
// make local, for make backup the Docker volumes mounted into its container.
import { join, resolve } from 'node:path';
import type { BackupConfig } from '../config/app-config';
import { UsageError } from '../common/cli-command';
import { isWithin } from '../files/path-within';
import { REPO_ROOT } from '../config/paths';

export type StoreKind = 'folder' | 'file';

export interface Store {
  name: string;
  kind: StoreKind;
  /** Where the store lives: its folder, or the file itself. */
  path: string;
  /** A folder whose contents stay out of the archive (the folder itself is kept). */
  leaveOut?: string;
}

/** The outbox's tmp/ holds messages half-written, or left by a crash: nothing ever reads them. */
const LEFT_OUT: Record<string, string> = { outbox: 'tmp' };

/** Store names become folder names in the archive: plain, lower-case words. */
export const STORE_NAME = /^[a-z][a-z0-9-]*$/;

/** Parses `name=path`; relative paths count from the folder the command runs in. */
export function parseStore(argument: string, kind: StoreKind): Store {
  const at = argument.indexOf('=');
  const name = argument.slice(0, at);
  const path = argument.slice(at + 1);
  if (at < 0 || !STORE_NAME.test(name) || path === '')
    throw new UsageError(`Ungültige Angabe „${argument}“: erwartet name=pfad (name: a-z, 0-9, -).`);
  return { name, kind, path: resolve(path), leaveOut: LEFT_OUT[name] };
}

/**
 * A folder a setting names for a store (restore-folders.ts), refused where a restore would
 * replace what is not the owner's to keep there: the root, the project or a folder above it,
 * and, inside the project, anything but a folder below documents/.
 */
export function checkOwnFolder(project: string, setting: string, folder: string): void {
  const root = resolve(project);
  const documents = join(root, 'documents');
  const belowDocuments = isWithin(documents, folder) && folder !== documents;
  const refused =
    folder === resolve('/') ||
    isWithin(folder, root) ||
    (isWithin(root, folder) && !belowDocuments);
  if (refused)
    throw new UsageError(
      `${setting} (${folder}) ist kein eigener Ordner: nicht die Wurzel, nicht das Projekt oder ` +
        'ein Ordner darüber, im Projekt nur einer unter documents/; nichts verändert.',
    );
}

/** The owner's documents wherever DOCUMENTS_DIR names them, but never the samples of the repository. */
export function documentsStore(
  project: string,
  documentsDir: string | undefined,
  mounted?: string,
) {
  if (!documentsDir) return [];
  // As written: relative to this project (the API reads it relative to its own root).
  const folder = resolve(project, documentsDir);
  if (isWithin(join(resolve(project), 'documents', 'samples'), folder)) return [];
  checkOwnFolder(project, 'DOCUMENTS_DIR', folder);
  return [{ name: 'documents', kind: 'folder', path: mounted ?? folder }] satisfies Store[];
}

/** The project's .env, and the documents `documentsDir` names (mounted elsewhere under Docker). */
export function projectStores(project: string, documentsDir?: string, mounted?: string): Store[] {
  const env: Store = { name: 'env', kind: 'file', path: join(resolve(project), '.env') };
  return [env, ...documentsStore(project, documentsDir, mounted)];
}

/** What `make local` keeps: access, letters, outbox, its SMTP sink's mails, the project's own. */
export function localStores(config: BackupConfig, documentsDir?: string) {
  return [
    { name: 'access', kind: 'folder', path: config.accessDir },
    { name: 'letters', kind: 'folder', path: config.lettersDir },
    { name: 'outbox', kind: 'folder', path: config.outboxDir, leaveOut: LEFT_OUT.outbox },
    { name: 'mail', kind: 'folder', path: join(REPO_ROOT, '.local', 'mail') },
    ...projectStores(REPO_ROOT, documentsDir),
  ] satisfies Store[];
}

/** Refuses two stores of one name: the second would overwrite the first on restore. */
export function distinctStores(stores: Store[]): Store[] {
  const twice = stores.find((store, at) => stores.findIndex((one) => one.name === store.name) < at);
  if (twice) throw new UsageError(`Speicher „${twice.name}“ ist doppelt angegeben.`);
  return stores;
}
