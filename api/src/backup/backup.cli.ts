// Backups of everything the site cannot rebuild (docs/backup.md):
//   create [--local] [--project DIR] [--store NAME=DIR]… [--file NAME=FILE]…
//       one archive into BACKUP_DIR (default backups/), then BACKUP_KEEP (7) kept
//   verify FILE
//       checks the archive against its manifest; changes nothing
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
import { resolve } from 'node:path';
import {
  parseOwnerArgs,
  runOwnerCommand,
  UsageError,
  type OwnerCommand,
} from '../common/owner-command';
import type { Env } from '../config/env-readers';
import { REPO_ROOT } from '../config/paths';
import { createArchive } from './archive-writer';
import { formatBytes } from './archive-size';
import { readArchive } from './archive-reader';
import { ArchiveRefusedError, describeStores } from './backup-manifest';
import {
  distinctStores,
  localStores,
  parseStore,
  projectStores,
  type Store,
} from './backup-stores';
import { restoreArchive } from './restore';
import { describeRecovery, recoverInterruptedRestores } from './restore-recovery';
import { parseKeep, pruneArchives } from './retention';

const USAGE = `Aufruf:
  backup create  [--local] [--project ORDNER] [--store NAME=ORDNER]… [--file NAME=DATEI]…
  backup verify  ARCHIV
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

export const runBackupCommand: OwnerCommand = async (args, env, print) => {
  const { values, positionals } = parseOwnerArgs(args, {
    local: { type: 'boolean' },
    project: { type: 'string' },
    store: { type: 'string', multiple: true },
    file: { type: 'string', multiple: true },
  });
  const [command, archive, ...rest] = positionals;
  switch (command) {
    case 'create': {
      if (archive !== undefined) throw new UsageError(USAGE);
      const keep = parseKeep(env.BACKUP_KEEP);
      const stores = storesOf(values, env, false);
      // A restore cut short is resolved first: never an archive of half-restored stores.
      for (const recovery of await recoverInterruptedRestores(stores))
        print(describeRecovery(recovery));
      const backupDir = resolve(REPO_ROOT, env.BACKUP_DIR || 'backups');
      const summary = await createArchive({ stores, backupDir, version: projectVersion(env) });
      const removed = await pruneArchives(backupDir, keep, summary.path);
      const absent =
        summary.absent.length > 0 ? `; nicht vorhanden: ${summary.absent.join(', ')}` : '';
      const pruned =
        removed.length > 0 ? `; ${removed.length} alte(s) gelöscht (BACKUP_KEEP=${keep})` : '';
      return print(
        `Sicherung ${summary.path} (${formatBytes(summary.bytes)}): ` +
          `${describeStores(summary.stores)} Datei(en)${absent}${pruned}`,
      );
    }
    case 'verify': {
      if (!archive || rest.length > 0) throw new UsageError(USAGE);
      const manifest = await readArchive(archive);
      return print(
        `Archiv in Ordnung: ${archive} vom ${manifest.createdAt} (Version ${manifest.version}): ` +
          `${describeStores(manifest.stores)} Datei(en)`,
      );
    }
    case 'restore': {
      if (!archive || rest.length > 0) throw new UsageError(USAGE);
      const targets = storesOf(values, env, true);
      const { manifest, untouched, recovered } = await restoreArchive(archive, targets);
      for (const recovery of recovered) print(describeRecovery(recovery));
      const kept =
        untouched.length > 0 ? `; nicht im Archiv, unverändert: ${untouched.join(', ')}` : '';
      return print(
        `Wiederhergestellt aus ${archive} vom ${manifest.createdAt}: ` +
          `${describeStores(manifest.stores)} Datei(en)${kept}`,
      );
    }
    default:
      throw new UsageError(USAGE);
  }
};

/** The owner's one line for a failure: a refused archive says so first. */
export function describeBackupError(error: Error): string {
  return error instanceof ArchiveRefusedError
    ? `Archiv abgelehnt: ${error.message}`
    : error.message;
}

if (require.main === module) runOwnerCommand(runBackupCommand, describeBackupError);
