// A backup that fails at night tells the owner (docs/backup.md, "Jede Nacht,
// jede Woche"): its line goes as a mail to MAIL_TO into the site's outbox,
// which keeps it until the API sends it. A process without the outbox (the
// off-site container) leaves the line in the tool's state folder for `backup
// report`; the drill on the owner's computer says it in its exit code and line.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { localTime } from '../../access/access-texts';
import { handToOwnerOf } from '../../common/file-owner';
import { UsageError } from '../../common/owner-command';
import { parseAppConfig } from '../../config/app-config';
import type { Env } from '../../config/env-readers';
import { FOLDERS, OutboxStore } from '../../mail/outbox/outbox-store';
import { newQueuedMail } from '../../mail/outbox/queued-mail';
import { LockBusyError, readState, STATE_DIR, writeState } from '../backup-lock';
import { currentFolders, describeBackupError, storesOf, wrongCall, type Call } from './call';

/** The off-site step's failure, waiting for `backup report` (backup-lock.ts, STATE_DIR). */
const FAILURE = 'failure.txt';

type OwnerMail = { subject: string; text: string };

/** The mail to the owner for one failed command. */
function failureMail(command: string, line: string, now: Date): OwnerMail {
  const when = localTime(now.toISOString());
  const text = [
    `Die Sicherung (${command}) vom ${when} ist gescheitert:`,
    '',
    line,
    '',
    'Was zu tun ist: den Grund oben beheben, dann auf dem Server make backup (ohne Docker:',
    'make backup-local) und prüfen, dass es ohne Fehler endet. Was gesichert ist, zeigt die',
    'Probe auf dem eigenen Rechner: make backup-check AGE_IDENTITY=… (docs/backup.md).',
  ].join('\n');
  // The line may carry a remote server's words: no control character reaches a header.
  const summary = line.replace(/\p{Cc}+/gu, ' ').slice(0, 80);
  return { subject: `Sicherung gescheitert: ${summary}`, text };
}

/** The mail about what a night's archive left out: the archive counts, these are not in it. */
function skippedMail(skipped: string[], now: Date): OwnerMail {
  const text = [
    `Die Sicherung vom ${localTime(now.toISOString())} hat alles gesichert ausser:`,
    '',
    ...skipped.map((path) => `- ${path}`),
    '',
    'Ein Name, der kein UTF-8 ist, käme als anderer Name zurück; ein Link aus seinem Ordner',
    'hinaus liesse sich nicht wiederherstellen. Was zu tun ist: die Datei umbenennen oder den',
    'Link durch die Datei selbst ersetzen; die nächste Sicherung nimmt sie mit (docs/backup.md).',
  ].join('\n');
  return { subject: `Sicherung unvollständig: ${skipped.length} nicht gesichert`, text };
}

/** Queues `mail` to MAIL_TO into the outbox folder `outbox`; returns the owner's line about it. */
async function queueOwnerMail(outbox: string, env: Env, mail: OwnerMail) {
  const { from, to } = parseAppConfig(env).mail;
  const store = new OutboxStore(outbox);
  await store.createFolders();
  // As root in its container: what it made goes to the outbox's owner, the API's user.
  for (const folder of FOLDERS) await handToOwnerOf(join(outbox, folder), outbox);
  const now = new Date();
  const queued = newQueuedMail({ from, to, ...mail }, now.getTime());
  await store.write(queued);
  const path = join(outbox, 'queue', `${queued.id}.json`);
  await handToOwnerOf(path, outbox);
  return `Mail an MAIL_TO in der Warteschlange (${path}).`;
}

/** The outbox among the call's stores, if it names one (create, report). */
function outboxOf(call: Call): string | undefined {
  try {
    return storesOf(call, currentFolders(call), false).find((store) => store.name === 'outbox')
      ?.path;
  } catch {
    return undefined;
  }
}

/** A failed create or offsite: mailed where this process has the outbox, else left for report. */
export async function reportFailure(call: Call, command: string, error: unknown): Promise<void> {
  // Not while another command holds the lock: a long restore may be replacing the outbox.
  if (!['create', 'offsite'].includes(command) || error instanceof UsageError) return;
  if (error instanceof LockBusyError) return;
  const line = describeBackupError(error as Error);
  const outbox = outboxOf(call);
  try {
    if (outbox)
      call.print(await queueOwnerMail(outbox, call.env, failureMail(command, line, new Date())));
    else await writeState(call.project, FAILURE, `${line}\n`);
  } catch (failed) {
    console.error(`Keine Mail an MAIL_TO: ${(failed as Error).message}`);
  }
}

/** Mails the failure the off-site container left (make backup runs it when that step failed). */
export async function reportLeftFailure(call: Call): Promise<void> {
  const outbox = outboxOf(call);
  if (!outbox) throw wrongCall();
  const line = (await readState(call.project, FAILURE))?.trim();
  await rm(join(call.project, STATE_DIR, FAILURE), { force: true });
  if (line)
    call.print(await queueOwnerMail(outbox, call.env, failureMail('offsite', line, new Date())));
}

/** Mails what a night's archive left out, where this process has the outbox. */
export async function reportSkipped(call: Call, skipped: string[]): Promise<void> {
  const outbox = outboxOf(call);
  if (skipped.length === 0 || !outbox) return;
  try {
    call.print(await queueOwnerMail(outbox, call.env, skippedMail(skipped, new Date())));
  } catch (failed) {
    console.error(`Keine Mail an MAIL_TO: ${(failed as Error).message}`);
  }
}
