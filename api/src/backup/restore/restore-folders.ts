// The stores that live wherever a setting of .env says (docs/backup.md, "Was im
// Archiv ist"): the owner's documents (DOCUMENTS_DIR) and own certificate
// (TLS_DIR). A restore puts them where the restored .env names, so it reads
// those settings from the archive's .env before anything is written, and
// records them until it has ended: a restore cut short is finished or undone
// on the same folders. Under Docker the Makefile mounts the folder the
// record names; the tool checks the mount against the setting it meant.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import type { Header } from 'tar-stream';
import { UsageError } from '../../common/cli-command';
import type { Env } from '../../config/env-readers';
import { forgetState, readState, writeState } from '../backup-state';
import { ArchiveRefusedError, storeRoot } from '../archive/backup-manifest';
import type { EntrySink } from '../archive/archive-reader';
import { JOURNALS } from './restore-transaction';

/** The store each setting names a folder for. */
export const FOLDER_SETTINGS = { DOCUMENTS_DIR: 'documents', TLS_DIR: 'certificates' } as const;
export type FolderSetting = keyof typeof FOLDER_SETTINGS;
export type FolderSettings = Partial<Record<FolderSetting, string>>;

const NAMES = Object.keys(FOLDER_SETTINGS) as FolderSetting[];
/** .env is a few lines: anything larger is not ours. */
const MAX_ENV_BYTES = 1024 * 1024;
/** In STATE_DIR, beside the journals' folder; the Makefile reads it like a .env. */
export const FOLDERS_RECORD = 'restore-folders.env';

const picked = (all: Record<string, string>): FolderSettings =>
  Object.fromEntries(NAMES.filter((name) => all[name]).map((name) => [name, all[name]]));

/** A reader's onEntry that keeps the archive's .env (store `env`), and the settings it holds. */
export function envCapture() {
  const chunks: Buffer[] = [];
  let length = 0;
  const onEntry = (header: Header): Promise<EntrySink | undefined> => {
    if (header.name !== storeRoot('env')) return Promise.resolve(undefined);
    return Promise.resolve({
      write: (chunk: Buffer) => {
        if ((length += chunk.length) > MAX_ENV_BYTES)
          return Promise.reject(new ArchiveRefusedError('.env im Archiv ist zu gross'));
        chunks.push(chunk);
        return Promise.resolve();
      },
      end: () => Promise.resolve(),
    });
  };
  const settings = () =>
    picked(parseEnv(Buffer.concat(chunks).toString('utf8')) as Record<string, string>);
  return { onEntry, settings };
}

/** One line a POSIX shell's reader and Node's parseEnv read alike, or a refusal. */
function recordLine(name: FolderSetting, value: string | undefined): string {
  if (value !== undefined && /['\n\r]/.test(value))
    throw new UsageError(
      `${name} im Archiv enthält ' oder einen Zeilenumbruch: so nicht wiederherstellbar.`,
    );
  return `${name}='${value ?? ''}'\n`;
}

export const recordFolders = (project: string, settings: FolderSettings) =>
  writeState(
    project,
    FOLDERS_RECORD,
    NAMES.map((name) => recordLine(name, settings[name])).join(''),
  );

/**
 * Without Docker: the documents go where the archive's .env names only when this .env (or
 * the environment) names the same folder, so that an archive never chooses on its own which
 * folder of this computer it replaces. Under Docker make restore asks the same before it mounts.
 */
export function confirmFolders(project: string, current: FolderSettings, meant: FolderSettings) {
  const archived = meant.DOCUMENTS_DIR;
  const here = current.DOCUMENTS_DIR;
  if (!archived || (here && resolve(project, here) === resolve(project, archived))) return;
  throw new UsageError(
    `Das Archiv legt die Dokumente nach „${archived}“ (DOCUMENTS_DIR seiner .env), hier steht ` +
      `DOCUMENTS_DIR „${here ?? ''}“; nichts verändert. Stimmt der Ordner: ` +
      `DOCUMENTS_DIR=${archived} vor den Befehl setzen (docs/backup.md#wiederherstellen).`,
  );
}

/** The folders the unfinished restore used, or undefined when none is unfinished. */
export async function recordedFolders(project: string): Promise<FolderSettings | undefined> {
  if (!existsSync(join(project, JOURNALS))) return undefined;
  const text = await readState(project, FOLDERS_RECORD);
  return text === undefined ? undefined : picked(parseEnv(text) as Record<string, string>);
}

/** Once no restore is unfinished, its record goes. */
export async function forgetFoldersWhenDone(project: string): Promise<void> {
  if (!existsSync(join(project, JOURNALS))) await forgetState(project, FOLDERS_RECORD);
}

/**
 * Under Docker the folder at the mount point comes from the same setting
 * (MOUNTED_DOCUMENTS_DIR, MOUNTED_TLS_DIR in docker-compose.backup.yml): a
 * mount of another folder than the one meant is refused before anything is read.
 */
export function checkMounted(env: Env, name: FolderSetting, meant: string | undefined): void {
  const mounted = env[`MOUNTED_${name}`] ?? '';
  if (mounted === (meant ?? '')) return;
  throw new UsageError(
    `${name}: eingehängt ist „${mounted}“, gemeint ist „${meant ?? ''}“; nichts verändert ` +
      '(eine unterbrochene Wiederherstellung beendet make restore-recover).',
  );
}
