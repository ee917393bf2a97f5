// What every command of the backup tool (backup.cli.ts) works with: the call's
// options and settings, its stores, BACKUP_DIR's index and the trust it asks of
// an archive.
import { readdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseOwnerArgs, UsageError } from '../../common/owner-command';
import { readBackupConfig, type BackupConfig } from '../../config/app-config';
import { withEnvFile } from '../../config/env-file';
import type { Env } from '../../config/env-readers';
import { REPO_ROOT } from '../../config/paths';
import { currentIndex, type ArchiveIndex } from '../archive/archive-index';
import { publicKeyOf } from '../archive/archive-signature';
import { trustOf } from '../archive/archive-trust';
import { ArchiveRefusedError, shown, type Manifest } from '../archive/backup-manifest';
import { namedAt, ourArchives } from '../archive/retention';
import {
  distinctStores,
  localStores,
  parseStore,
  projectStores,
  type Store,
} from '../backup-stores';
import { JOURNALS } from '../restore/restore-transaction';

export const OPTIONS = {
  local: { type: 'boolean' },
  project: { type: 'string' },
  store: { type: 'string', multiple: true },
  file: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  identity: { type: 'string' },
  'skip-origin-check': { type: 'boolean' },
  'skip-name-check': { type: 'boolean' },
  offsite: { type: 'boolean' },
  fetched: { type: 'boolean' },
  into: { type: 'string' },
  out: { type: 'string' },
  wait: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseOwnerArgs<typeof OPTIONS>>['values'];
type Print = (text: string) => void;

/** What every command works with, read once from the call and the settings. */
export interface Call {
  values: Values;
  env: Env;
  config: BackupConfig;
  /** The folder whose .env the tool reads and changes, and where its lock and journals lie. */
  project: string;
  print: Print;
}

/** A wrong call: backup.cli.ts says its usage. */
export const wrongCall = () => new UsageError('');

/**
 * The call's settings, parsed once. A restore (and make restore's verify
 * before it) goes on despite a .env that does not parse: it is about to
 * replace it; the line goes to stderr, beside verify's JSON.
 */
export function callOf(command: string, values: Values, given: Env, print: Print): Call {
  const project = resolve(values.project ?? REPO_ROOT);
  const env = values.project ? withEnvFile(given, join(project, '.env')) : given;
  const { config, problems } = readBackupConfig(env);
  if (problems && !['restore', 'verify'].includes(command)) throw new Error(problems);
  if (problems) console.error(`${problems} Die Wiederherstellung ersetzt .env.`);
  return { values, env, config, project, print };
}

export function storesOf({ values, config, project }: Call, forRestore: boolean): Store[] {
  const stores = [
    ...(values.local ? localStores(config, forRestore) : []),
    ...(values.store ?? []).map((argument) => parseStore(argument, 'folder')),
    ...(values.file ?? []).map((argument) => parseStore(argument, 'file')),
    ...(values.project ? projectStores(project, config, forRestore) : []),
  ];
  if (stores.length === 0) throw wrongCall();
  return distinctStores(stores);
}

export const journalsOf = (call: Call) => join(call.project, JOURNALS);
const signerOf = ({ signingKey }: BackupConfig) => signingKey && publicKeyOf(signingKey);
/** BACKUP_DIR's index (archive-index.ts), or why it does not count. */
export const indexOf = ({ config, project }: Call) =>
  currentIndex(config.dir, signerOf(config), project);
/** The archives the site made, as BACKUP_DIR's index knows them: none without one. */
export const knownOf = async (call: Call) => new Set((await indexOf(call)).index?.names);

/** Archive-like names in `folder` that `known` does not hold. */
export const strangersIn = async (folder: string, known: Set<string>) =>
  ourArchives(await readdir(folder).catch(() => [])).filter((name) => !known.has(name));

/** The newest archive an index names. */
export const newestIn = (index: ArchiveIndex | undefined) =>
  ourArchives([...(index?.names ?? [])]).at(-1);

/** The trust for a command of this call (check: read-only, never skipping). */
export const trustFor = ({ values, config }: Call, readOnly = false) =>
  trustOf(
    { identity: values.identity, skip: values['skip-origin-check'] === true, readOnly },
    config,
  );

/** Refuses an archive whose name bears another time than it was made at, unless the owner says so. */
export const checkName =
  (archive: string, { values }: Call) =>
  (manifest: Manifest) => {
    if (values['skip-name-check'] || namedAt(archive, manifest.createdAt)) return;
    throw new ArchiveRefusedError(
      `${shown(basename(archive))} trägt eine andere Zeit als sein Manifest (${manifest.createdAt}): ` +
        'ein älteres Archiv unter neuerem Namen? Wer es so will: SKIP_NAME_CHECK=1',
    );
  };

/** The owner's one line for a failure: a refused archive says so first. */
export function describeBackupError(error: Error): string {
  if (error instanceof ArchiveRefusedError) return `Archiv abgelehnt: ${error.message}`;
  return error.message;
}
