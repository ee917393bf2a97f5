// backup create [--offsite] [--json]: one archive of the stores into
// BACKUP_DIR, read back whole before it counts (archive-writer.ts), then the
// off-site step. --json: the owner's lines go to stderr, and stdout is one
// line for scripts, {"archive": its name, "sha256": …} (make update).
import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { adoptBackupDir } from '../../files/file-ownership';
import type { BackupConfig } from '../../config/app-config';
import type { Env } from '../../config/env-readers';
import { REPO_ROOT } from '../../config/paths';
import { recordArchive, writeIndex } from '../archive/archive-index';
import { sha256Of } from '../offsite/offsite-copy';
import { formatBytes } from '../archive/archive-size';
import { createArchive, type ArchiveSummary } from '../archive/archive-writer';
import { describeStores } from '../archive/backup-manifest';
import { pruneArchives, takenAt } from '../archive/retention';
import { awaitCopy, writeHeartbeat } from '../backup-heartbeat';
import { forgetFoldersWhenDone } from '../restore/restore-folders';
import { describeRecovery, recover } from '../restore/restore-transaction';
import {
  currentFolders,
  indexOf,
  journalsOf,
  recoveryStores,
  storesOf,
  strangersIn,
  type Call,
} from './call';
import { describePruned, sendOffsite } from './offsite.command';
import { reportMissed, reportSkipped } from './report.command';

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

function describeArchive(summary: ArchiveSummary, removed: string[], keep: number): string[] {
  const absent = summary.absent.length > 0 ? `; nicht vorhanden: ${summary.absent.join(', ')}` : '';
  const pruned = removed.length > 0 ? `; ${describePruned(removed, keep)}` : '';
  const sealed = summary.encrypted ? ', verschlüsselt' : '';
  const lines = [
    `Sicherung ${summary.path} (${formatBytes(summary.bytes)}${sealed}, geprüft): ` +
      `${describeStores(summary.stores)}${absent}${pruned}`,
  ];
  if (summary.skipped.length > 0)
    lines.push(
      `Nicht gesichert (Name kein UTF-8, oder ein Link aus seinem Ordner hinaus): ` +
        `${summary.skipped.join(', ')}; umbenennen oder durch die Datei ersetzen.`,
    );
  if (!summary.encrypted)
    lines.push(
      'Nicht verschlüsselt: wer das Archiv hat, liest alles darin; ' +
        'make backup-key macht einen Schlüssel und trägt ihn in .env ein (docs/backup.md).',
    );
  else if (!summary.signed)
    lines.push(
      'Nicht signiert (BACKUP_SIGNING_KEY fehlt): die Prüfung mit dem Schlüssel lehnt das Archiv ' +
        'ab; make backup-key macht neue Schlüssel (docs/backup.md).',
    );
  return lines;
}

/** What a backup refuses before it reads a store: copies that would leave, or carry, secrets. */
function refuseUnsafe({ recipients, remote, signingKey }: BackupConfig): void {
  const none = 'make backup-key; kein Archiv geschrieben.';
  // The privacy text promises that copies leave the Pi only encrypted.
  if (remote && recipients.length === 0)
    throw new Error(
      `BACKUP_REMOTE braucht BACKUP_AGE_RECIPIENTS: nur verschlüsselte Archive gehen ausser Haus (${none})`,
    );
  // A plain archive holds .env, and with it the key that signs: whoever read one could sign forgeries.
  if (signingKey && recipients.length === 0)
    throw new Error(
      `BACKUP_SIGNING_KEY braucht BACKUP_AGE_RECIPIENTS: ein unverschlüsseltes Archiv trüge den Signaturschlüssel in sich (${none})`,
    );
}

export async function create(given: Call): Promise<void> {
  const { values, config, env } = given;
  const toStderr = (text: string) => void process.stderr.write(`${text}\n`);
  const call = values.json ? { ...given, print: toStderr } : given;
  const { dir, keep, recipients, remote, signingKey } = config;
  const say = call.print;
  refuseUnsafe(config);
  await reportMissed(call);
  if (values.project) await adoptBackupDir(dir, call.project);
  // A restore cut short is resolved first: never an archive of half-restored stores.
  for (const recovery of await recover(await recoveryStores(call), journalsOf(call)))
    say(describeRecovery(recovery));
  await forgetFoldersWhenDone(call.project);
  const stores = storesOf(call, currentFolders(call), false);
  const version = projectVersion(env);
  const summary = await createArchive({ stores, backupDir: dir, version, recipients, signingKey });
  const { index, problem } = await indexOf(call);
  const known = new Set(index?.names).add(basename(summary.path));
  if (problem && (await strangersIn(dir, known)).length > 0)
    say(
      `${problem}: nur das neue Archiv zählt, nichts Älteres wird gelöscht; eigene ältere ` +
        'Archive übernimmt make backup-adopt (docs/backup.md).',
    );
  await writeIndex(dir, known, { signingKey, project: call.project, archive: summary.path });
  // What the off-site step may send: this archive, with these bytes.
  const sha256 = await sha256Of(summary.path);
  await recordArchive(call.project, { archive: basename(summary.path), sha256 });
  // With a remote, older archives go only once the new one is verified there.
  const removed = remote ? [] : await pruneArchives(dir, keep, known, summary.path);
  for (const line of describeArchive(summary, removed, keep)) say(line);
  const access = stores.find((store) => store.name === 'access');
  const archive = basename(summary.path);
  const night = { archive, at: (takenAt(archive) ?? new Date()).toISOString() };
  await reportSkipped(call, summary.skipped);
  if (values.offsite) await sendOffsite(call);
  // With a remote copied by another process (make backup), `backup report` completes the night.
  if (remote && !values.offsite) await awaitCopy(call.project, night);
  else if (access) await writeHeartbeat(access.path, night);
  if (values.json) given.print(JSON.stringify({ archive, sha256 }));
}
