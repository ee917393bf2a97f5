// Backups of everything the site cannot rebuild (docs/backup.md):
//   create [--offsite] [--local] [--project DIR] [--store NAME=DIR]… [--file NAME=FILE]…
//       one archive into BACKUP_DIR (default backups/), encrypted with age for
//       BACKUP_AGE_RECIPIENTS, then BACKUP_KEEP (7) kept. With BACKUP_REMOTE set,
//       nothing is pruned unless --offsite copies the archive there first
//       (scripts/backup-offsite.sh, host rclone) and that copy verified
//   prune [--local] [--project DIR]
//       BACKUP_KEEP in BACKUP_DIR, after the off-site copy of `make backup`
//   verify FILE [--identity KEYFILE] [--json]
//       checks the archive against its manifest; changes nothing (--json: one
//       JSON line with the archive's stores, for the Makefile)
//   restore FILE [--identity KEYFILE] [--local] [--project DIR] [--store NAME=DIR]… [--file NAME=FILE]…
//       checks the whole archive first, then replaces every store's contents,
//       all or none (restore.ts)
//   check [FOLDER] [--offsite] [--remote] [--identity KEYFILE] [--local] [--project DIR]
//       the restore drill: the newest archive (of FOLDER, else of BACKUP_REMOTE
//       with --offsite, else of BACKUP_DIR) checked whole and not older than
//       BACKUP_MAX_AGE; --remote: FOLDER holds the remote's newest
//   key --out KEYFILE [--local] [--project DIR]
//       a new age key pair: the secret one into KEYFILE, the public one into .env
// Both create and restore first finish or undo a restore that was cut short
// (restore-recovery.ts).
// --local: the stores of `make local` (access, outbox, mail) and the project's;
// --project DIR: that folder's .env, and documents/private when DOCUMENTS_DIR
// points there (BACKUP_DOCUMENTS=false leaves them out).
// natively:  npx tsx api/src/backup/backup.cli.ts …   (make backup-local, make restore-local)
// compose:   node dist/backup/backup.cli.js … in a short-lived container (make backup, make restore)
// Exit codes: 0 done, 1 failed (an archive refused, a store unreadable, the
// off-site copy failed, the newest archive too old), 2 wrong call.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  parseOwnerArgs,
  runOwnerCommand,
  UsageError,
  type OwnerCommand,
} from '../common/owner-command';
import { parseBackupConfig } from '../config/app-config';
import type { Env } from '../config/env-readers';
import { REPO_ROOT } from '../config/paths';
import { createArchive } from './archive-writer';
import { formatBytes } from './archive-size';
import { adoptBackupDir } from './backup-dir';
import { readArchive } from './archive-reader';
import { ArchiveRefusedError, describeStores, type Manifest } from './backup-manifest';
import {
  distinctStores,
  localStores,
  parseStore,
  projectSettings,
  projectStores,
  type Store,
} from './backup-stores';
import { restoreArchive } from './restore';
import { describeRecovery, recoverInterruptedRestores } from './restore-recovery';
import { pruneArchives } from './retention';
import { readIdentityFile } from './archive-crypto';
import { makeBackupKey } from './backup-key';
import { fetchNewest, OffsiteFailedError, pushOffsite } from './offsite-copy';
import { drill } from './restore-drill';

const USAGE = `Aufruf:
  backup create  [--offsite] [--local] [--project ORDNER] [--store NAME=ORDNER]… [--file NAME=DATEI]…
  backup prune   [--local] [--project ORDNER]
  backup verify  ARCHIV [--identity SCHLÜSSELDATEI] [--json]
  backup restore ARCHIV [--identity SCHLÜSSELDATEI] [--local] [--project ORDNER] [--store NAME=ORDNER]… [--file NAME=DATEI]…
  backup check   [ORDNER] [--offsite] [--remote] [--identity SCHLÜSSELDATEI] [--local] [--project ORDNER]
  backup key     --out SCHLÜSSELDATEI [--local] [--project ORDNER]`;

/** The project's version: its git commit, else PORTFOLIO_VERSION (the Docker image has no git). */
function projectVersion(env: Env): string {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return commit.toString().trim();
  } catch {
    return env.PORTFOLIO_VERSION || 'unknown';
  }
}

function storesOf(
  values: { local?: boolean; project?: string; store?: string[]; file?: string[] },
  env: Env,
  forRestore: boolean,
): Store[] {
  const stores = [
    ...(values.local ? localStores(env, forRestore) : []),
    ...(values.store ?? []).map((argument) => parseStore(argument, 'folder')),
    ...(values.file ?? []).map((argument) => parseStore(argument, 'file')),
    ...(values.project ? projectStores(values.project, env, forRestore) : []),
  ];
  if (stores.length === 0) throw new UsageError(USAGE);
  return distinctStores(stores);
}

type Values = Parameters<typeof storesOf>[0] & { identity?: string; out?: string };
type Print = (text: string) => void;

/** The settings of the project the command works on: --project's .env, else the environment's. */
const settingsOf = (values: Values, env: Env) =>
  parseBackupConfig(values.project ? projectSettings(env, values.project) : env);

/** The folder whose .env a command changes: --project, else this repository. */
const projectOf = (values: Values) => values.project ?? REPO_ROOT;

const keyOf = (values: Values) =>
  values.identity === undefined ? undefined : readIdentityFile(values.identity);

const describePruned = (removed: string[], keep: number) =>
  removed.length > 0 ? `${removed.length} alte(s) gelöscht (BACKUP_KEEP=${keep})` : '';

async function create(
  values: Values & { offsite?: boolean },
  env: Env,
  print: Print,
): Promise<void> {
  const config = settingsOf(values, env);
  const { dir: backupDir, keep, recipients, remote } = config;
  if (values.project) await adoptBackupDir(backupDir, values.project);
  const stores = storesOf(values, env, false);
  // A restore cut short is resolved first: never an archive of half-restored stores.
  for (const recovery of await recoverInterruptedRestores(stores))
    print(describeRecovery(recovery));
  const summary = await createArchive({
    stores,
    backupDir,
    version: projectVersion(env),
    recipients,
  });
  // With a remote, older archives go only once the new one is verified there.
  const removed = remote ? [] : await pruneArchives(backupDir, keep, summary.path);
  const absent = summary.absent.length > 0 ? `; nicht vorhanden: ${summary.absent.join(', ')}` : '';
  const pruned = removed.length > 0 ? `; ${describePruned(removed, keep)}` : '';
  const sealed = summary.encrypted ? ', verschlüsselt' : '';
  print(
    `Sicherung ${summary.path} (${formatBytes(summary.bytes)}${sealed}): ` +
      `${describeStores(summary.stores)} Datei(en)${absent}${pruned}`,
  );
  if (!summary.encrypted)
    print(
      'Nicht verschlüsselt: wer das Archiv hat, liest alles darin; ' +
        'make backup-key macht einen Schlüssel und trägt ihn in .env ein (docs/backup.md).',
    );
  if (!remote) return;
  if (values.offsite) {
    await pushOffsite(summary.path, env, config);
    return prune(values, env, print);
  }
  // `make backup` reads the name here and copies it in the rclone container.
  print(
    `Ausser Haus folgt: ${basename(summary.path)} nach ${remote}; ` +
      'alte Archive bleiben, bis die Kopie dort geprüft ist',
  );
}

/** BACKUP_KEEP in BACKUP_DIR; prints a line only when it removed something. */
async function prune(values: Values, env: Env, print: Print): Promise<void> {
  const { dir, keep } = settingsOf(values, env);
  const removed = await pruneArchives(dir, keep);
  if (removed.length > 0) print(`Hier: ${describePruned(removed, keep)} in ${dir}`);
}

const describeArchive = (archive: string, manifest: Manifest) =>
  `Archiv in Ordnung: ${archive} vom ${manifest.createdAt} (Version ${manifest.version}): ` +
  `${describeStores(manifest.stores)} Datei(en)`;

/**
 * --json: one line for scripts, the Makefile's `case` among them (it picks
 * the HTTPS volumes by a store's "name":"letsencrypt"); its fields stay.
 */
async function verify(archive: string, values: Values & { json?: boolean }, print: Print) {
  const manifest = await readArchive(archive, undefined, await keyOf(values));
  if (!values.json) return print(describeArchive(archive, manifest));
  const { createdAt, version, stores } = manifest;
  print(JSON.stringify({ archive, createdAt, version, stores }));
}

async function restore(archive: string, values: Values, env: Env, print: Print): Promise<void> {
  const targets = storesOf(values, env, true);
  const key = await keyOf(values);
  const { manifest, untouched, recovered } = await restoreArchive(archive, targets, undefined, key);
  print(describeArchive(archive, manifest));
  for (const recovery of recovered) print(describeRecovery(recovery));
  const kept =
    untouched.length > 0 ? `; nicht im Archiv, unverändert: ${untouched.join(', ')}` : '';
  print(
    `Wiederhergestellt aus ${archive} vom ${manifest.createdAt}: ` +
      `${describeStores(manifest.stores)} Datei(en)${kept}`,
  );
}

/** The restore drill: the remote's newest archive fetched into a scratch folder, or BACKUP_DIR's. */
async function check(
  folder: string | undefined,
  values: Values & { offsite?: boolean; remote?: boolean },
  env: Env,
  print: Print,
): Promise<void> {
  const config = settingsOf(values, env);
  const key = await keyOf(values);
  const { maxAgeMs, remote } = config;
  if (folder !== undefined) {
    const source = values.remote ? remote : undefined;
    return print(await drill({ folder, source, key, maxAgeMs }));
  }
  if (!remote || !values.offsite) return print(await drill({ folder: config.dir, key, maxAgeMs }));
  const scratch = await mkdtemp(join(tmpdir(), 'portfolio-backup-check-'));
  try {
    await fetchNewest(scratch, env, config);
    print(await drill({ folder: scratch, source: remote, key, maxAgeMs }));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function key(values: Values, print: Print): Promise<void> {
  if (!values.out) throw new UsageError(USAGE);
  const project = projectOf(values);
  const recipient = await makeBackupKey(project, values.out);
  print(
    `Öffentlicher Schlüssel ${recipient} in ${join(project, '.env')} eingetragen (BACKUP_AGE_RECIPIENTS): ab der nächsten Sicherung ist jedes Archiv verschlüsselt.`,
  );
  print(
    `Geheimer Schlüssel in ${values.out} (nur für dich lesbar). Er gehört NICHT auf den Pi: jetzt in den Passwort-Manager, auf den eigenen Rechner oder einen USB-Stick in der Schublade kopieren und hier löschen. Ohne ihn sind die verschlüsselten Sicherungen für immer unlesbar.`,
  );
}

export const runBackupCommand: OwnerCommand = async (args, env, print) => {
  const { values, positionals } = parseOwnerArgs(args, {
    local: { type: 'boolean' },
    project: { type: 'string' },
    store: { type: 'string', multiple: true },
    file: { type: 'string', multiple: true },
    json: { type: 'boolean' },
    identity: { type: 'string' },
    offsite: { type: 'boolean' },
    remote: { type: 'boolean' },
    out: { type: 'string' },
  });
  const [command, argument, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(USAGE);
  if (argument === undefined) {
    if (command === 'create') return create(values, env, print);
    if (command === 'prune') return prune(values, env, print);
    if (command === 'key') return key(values, print);
  }
  if (command === 'check') return check(argument, values, env, print);
  if (!argument) throw new UsageError(USAGE);
  if (command === 'verify') return verify(argument, values, print);
  if (command === 'restore') return restore(argument, values, env, print);
  throw new UsageError(USAGE);
};

/** The owner's one line for a failure: a refused archive says so first; the off-site script spoke for itself. */
export function describeBackupError(error: Error): string {
  if (error instanceof OffsiteFailedError) return '';
  if (error instanceof ArchiveRefusedError) return `Archiv abgelehnt: ${error.message}`;
  return error.message;
}

if (require.main === module) runOwnerCommand(runBackupCommand, describeBackupError);
