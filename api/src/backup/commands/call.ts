// What every command of the backup tool works with: the call's options and
// settings, its stores, BACKUP_DIR's index and the trust it asks of an archive.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseCliArgs, UsageError } from '../../common/cli-command';
import { readBackupConfig, type BackupConfig } from '../../config/app-config';
import { withEnvFile } from '../../config/env-file';
import type { Env } from '../../config/env-readers';
import { REPO_ROOT } from '../../config/paths';
import {
  currentIndex,
  indexAsWritten,
  writtenIndex,
  type ArchiveIndex,
} from '../archive/archive-index';
import { KeyError, readIdentityFile, type ArchiveKey } from '../archive/archive-crypto';
import { publicKeyOf, type Trust } from '../archive/archive-signature';
import { ArchiveRefusedError, type Manifest } from '../archive/backup-manifest';
import { shown } from '../backup-text';
import { namedAt, ourArchives } from '../archive/retention';
import {
  distinctStores,
  localStores,
  parseStore,
  projectStores,
  type Store,
} from '../backup-stores';
import { JOURNALS } from '../restore/restore-transaction';
import {
  checkMounted,
  FOLDER_SETTINGS,
  recordedFolders,
  type FolderSettings,
} from '../restore/restore-folders';

/** The options of USAGE (backup.cli.ts), here beside the call whose values they type. */
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
  documents: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseCliArgs<typeof OPTIONS>>['values'];

/** What every command works with, read once from the call and the settings. */
export interface Call {
  values: Values;
  env: Env;
  config: BackupConfig;
  /** The folder whose .env the tool reads and changes, and where its lock and journals lie. */
  project: string;
  /** The environment alone, without any .env. */
  given: Env;
  print: (text: string) => void;
  /** Settings that do not parse, in one German line: the command fails with it under the lock. */
  problems?: string;
}

/** A wrong call: backup.cli.ts says its usage. */
export const wrongCall = () => new UsageError('');

/**
 * The call's settings, parsed once; a restore (and its verify) goes on over a .env it
 * replaces. Any other command fails on them under the lock, so a night's failure is mailed.
 */
export function callOf(command: string, values: Values, given: Env, print: Call['print']): Call {
  const project = resolve(values.project ?? REPO_ROOT);
  const env = values.project ? withEnvFile(given, join(project, '.env')) : given;
  const { config, problems } = readBackupConfig(env);
  const restoring = ['restore', 'verify'].includes(command);
  if (problems && restoring) console.error(`${problems} Die Wiederherstellung ersetzt .env.`);
  return { values, env, config, project, print, given, problems: restoring ? undefined : problems };
}

/**
 * The stores of a call. `folders`: the DOCUMENTS_DIR and TLS_DIR they follow, this
 * .env's for a backup, the archive's for a restore, the record's for a recovery;
 * for the last two, a folder mounted under Docker must be the one meant.
 */
export function storesOf(call: Call, folders: FolderSettings, writes: boolean): Store[] {
  const { values, config, project, env } = call;
  const named = [
    ...(values.store ?? []).map((argument) => parseStore(argument, 'folder')),
    ...(values.file ?? []).map((argument) => parseStore(argument, 'file')),
  ];
  if (writes && values.documents) checkMounted(env, 'DOCUMENTS_DIR', folders.DOCUMENTS_DIR);
  if (writes && named.some((store) => store.name === FOLDER_SETTINGS.TLS_DIR))
    checkMounted(env, 'TLS_DIR', folders.TLS_DIR);
  const documentsDir = writes || config.documents ? folders.DOCUMENTS_DIR : undefined;
  const stores = [
    ...(values.local ? localStores(config, documentsDir) : []),
    ...named,
    ...(values.project ? projectStores(project, documentsDir, values.documents) : []),
  ];
  if (stores.length === 0) throw wrongCall();
  return distinctStores(stores);
}

/**
 * Under Docker (--documents) the folders Compose mounted, from the same settings of .env or
 * the owner's shell (MOUNTED_*, docker-compose.backup.yml): the container's own environment
 * names the image's paths (DOCUMENTS_DIR=/app/documents), never the owner's.
 */
const mountedFolders = ({ env }: Call): FolderSettings => ({
  DOCUMENTS_DIR: env.MOUNTED_DOCUMENTS_DIR || undefined,
  TLS_DIR: env.MOUNTED_TLS_DIR || undefined,
});

/** The folders the environment alone names: for a setting the archive's .env leaves out. */
export const environmentFolders = (call: Call): FolderSettings =>
  call.values.documents
    ? {}
    : {
        DOCUMENTS_DIR: call.given.DOCUMENTS_DIR || undefined,
        TLS_DIR: call.given.TLS_DIR || undefined,
      };

/** The folders of this .env (and the environment), as a backup follows them. */
export const currentFolders = (call: Call): FolderSettings =>
  call.values.documents
    ? mountedFolders(call)
    : { DOCUMENTS_DIR: call.config.documentsDir, TLS_DIR: call.env.TLS_DIR };

/** The stores a restore cut short used, else those of this .env: what a recovery acts on. */
export async function recoveryStores(call: Call): Promise<Store[]> {
  const recorded = await recordedFolders(call.project);
  if (recorded) return storesOf(call, recorded, true);
  // Nothing unfinished (nothing to act on), or a restore cut short before the record.
  return storesOf(call, currentFolders(call), existsSync(journalsOf(call)));
}

export const journalsOf = (call: Call) => join(call.project, JOURNALS);
const signerOf = ({ signingKey }: BackupConfig) => signingKey && publicKeyOf(signingKey);
/** BACKUP_DIR's index (archive-index.ts), or why it does not count. */
/**
 * BACKUP_DIR's index if it counts: signed by the key; without one, the very index this project
 * wrote last (only a first run, with no record yet, takes the unsigned one it finds).
 */
export async function indexOf({ config, project }: Call) {
  const signer = signerOf(config);
  if (!signer && (await writtenIndex(project))) return indexAsWritten(config.dir, project);
  return currentIndex(config.dir, signer, project);
}
/** The archives the site made, as BACKUP_DIR's index knows them: none without one. */
export const knownOf = async (call: Call) => new Set((await indexOf(call)).index?.names);

/** Archive-like names in `folder` that `known` does not hold. */
export const strangersIn = async (folder: string, known: Set<string>) =>
  ourArchives(await readdir(folder).catch(() => [])).filter((name) => !known.has(name));

export const newestIn = (index: ArchiveIndex | undefined) =>
  ourArchives([...(index?.names ?? [])]).at(-1);

export const SKIPPED =
  'SKIP_ORIGIN_CHECK: nur eine fehlende Signatur (und Verschlüsselung) wird übergangen, eine ' +
  'vorhandene Signatur geprüft.';

/**
 * What an archive must prove (docs/backup.md, "Herkunft"): a signature by the key file's
 * public key, else BACKUP_SIGNING_KEY's; without either only --skip-origin-check lets one in,
 * or the drill (`readOnly`), which writes nothing.
 */
export async function trustFor(
  { values, config }: Call,
  { readOnly = false, skip = values['skip-origin-check'] === true } = {},
): Promise<{ key?: ArchiveKey; trust: Trust }> {
  const key = values.identity === undefined ? undefined : await readIdentityFile(values.identity);
  const [signerKey, source] = key
    ? [key.signer, key.file]
    : [config.signingKey && publicKeyOf(config.signingKey), 'BACKUP_SIGNING_KEY'];
  const signer = signerKey ? { key: signerKey, source } : undefined;
  const encryptedOnly = key !== undefined || config.recipients.length > 0;
  const trust = { encryptedOnly, signer, skip };
  // With a recipient configured but no key file, only an encrypted archive
  // counts, and none opens without the key: nothing unproven gets through.
  const proven = signer || skip || (encryptedOnly && !key);
  if (proven || (readOnly && !encryptedOnly)) return { key, trust };
  throw new KeyError(
    key
      ? `${key.file} enthält keinen Signaturschlüssel (eine Schlüsseldatei von vor den ` +
          'Signaturen): make backup-key macht neue Schlüssel; ein altes Archiv nur mit ' +
          'SKIP_ORIGIN_CHECK=1 (docs/backup.md); nichts verändert.'
      : 'Ohne Schlüssel lässt sich nicht prüfen, dass das Archiv von dieser Website stammt: ' +
          'AGE_IDENTITY=SCHLÜSSELDATEI angeben (beim Werkzeug --identity), oder für ein Archiv ' +
          'ohne Schlüssel SKIP_ORIGIN_CHECK=1 (docs/backup.md); nichts verändert.',
  );
}

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
