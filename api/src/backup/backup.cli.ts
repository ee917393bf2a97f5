// Backups of everything the site cannot rebuild (docs/backup.md):
//   create [--local] [--project DIR] [--store NAME=DIR]… [--file NAME=FILE]…
//       one archive into BACKUP_DIR (default backups/), then BACKUP_KEEP (7) kept
//   verify FILE [--json]
//       checks the archive against its manifest; changes nothing (--json: one
//       JSON line with the archive's stores, for the Makefile)
//   restore FILE [--local] [--project DIR] [--store NAME=DIR]… [--file NAME=FILE]…
//       checks the whole archive first, then replaces every store's contents,
//       all or none (restore.ts)
// Both create and restore first finish or undo a restore that was cut short
// (restore-recovery.ts).
// --local: the stores of `make local` (access, outbox, mail) and the project's;
// --project DIR: that folder's .env, and documents/private when DOCUMENTS_DIR
// points there (BACKUP_DOCUMENTS=false leaves them out).
// natively:  npx tsx api/src/backup/backup.cli.ts …   (make backup-local, make restore-local)
// compose:   node dist/backup/backup.cli.js … in a short-lived container (make backup, make restore)
// Exit codes: 0 done, 1 failed (an archive refused, a store unreadable), 2 wrong call.
import { execFileSync } from 'node:child_process';
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

const USAGE = `Aufruf:
  backup create  [--local] [--project ORDNER] [--store NAME=ORDNER]… [--file NAME=DATEI]…
  backup verify  ARCHIV [--json]
  backup restore ARCHIV [--local] [--project ORDNER] [--store NAME=ORDNER]… [--file NAME=DATEI]…`;

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

type Values = Parameters<typeof storesOf>[0];
type Print = (text: string) => void;

async function create(values: Values, env: Env, print: Print): Promise<void> {
  const settings = values.project ? projectSettings(env, values.project) : env;
  const { dir: backupDir, keep } = parseBackupConfig(settings);
  if (values.project) await adoptBackupDir(backupDir, values.project);
  const stores = storesOf(values, env, false);
  // A restore cut short is resolved first: never an archive of half-restored stores.
  for (const recovery of await recoverInterruptedRestores(stores))
    print(describeRecovery(recovery));
  const summary = await createArchive({ stores, backupDir, version: projectVersion(env) });
  const removed = await pruneArchives(backupDir, keep, summary.path);
  const absent = summary.absent.length > 0 ? `; nicht vorhanden: ${summary.absent.join(', ')}` : '';
  const pruned =
    removed.length > 0 ? `; ${removed.length} alte(s) gelöscht (BACKUP_KEEP=${keep})` : '';
  print(
    `Sicherung ${summary.path} (${formatBytes(summary.bytes)}): ` +
      `${describeStores(summary.stores)} Datei(en)${absent}${pruned}`,
  );
}

const describeArchive = (archive: string, manifest: Manifest) =>
  `Archiv in Ordnung: ${archive} vom ${manifest.createdAt} (Version ${manifest.version}): ` +
  `${describeStores(manifest.stores)} Datei(en)`;

/**
 * --json: one line for scripts, the Makefile's `case` among them (it picks
 * the HTTPS volumes by a store's "name":"letsencrypt"); its fields stay.
 */
async function verify(archive: string, json: boolean | undefined, print: Print): Promise<void> {
  const manifest = await readArchive(archive);
  if (!json) return print(describeArchive(archive, manifest));
  const { createdAt, version, stores } = manifest;
  print(JSON.stringify({ archive, createdAt, version, stores }));
}

async function restore(archive: string, values: Values, env: Env, print: Print): Promise<void> {
  const targets = storesOf(values, env, true);
  const { manifest, untouched, recovered } = await restoreArchive(archive, targets);
  print(describeArchive(archive, manifest));
  for (const recovery of recovered) print(describeRecovery(recovery));
  const kept =
    untouched.length > 0 ? `; nicht im Archiv, unverändert: ${untouched.join(', ')}` : '';
  print(
    `Wiederhergestellt aus ${archive} vom ${manifest.createdAt}: ` +
      `${describeStores(manifest.stores)} Datei(en)${kept}`,
  );
}

export const runBackupCommand: OwnerCommand = async (args, env, print) => {
  const { values, positionals } = parseOwnerArgs(args, {
    local: { type: 'boolean' },
    project: { type: 'string' },
    store: { type: 'string', multiple: true },
    file: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  });
  const [command, archive, ...rest] = positionals;
  if (command === 'create' && archive === undefined) return create(values, env, print);
  if (!archive || rest.length > 0) throw new UsageError(USAGE);
  if (command === 'verify') return verify(archive, values.json, print);
  if (command === 'restore') return restore(archive, values, env, print);
  throw new UsageError(USAGE);
};

/** The owner's one line for a failure: a refused archive says so first. */
export function describeBackupError(error: Error): string {
  return error instanceof ArchiveRefusedError
    ? `Archiv abgelehnt: ${error.message}`
    : error.message;
}

if (require.main === module) runOwnerCommand(runBackupCommand, describeBackupError);
