// A backup that fails at night tells the owner (docs/backup.md, "Jede Nacht,
// jede Woche"): its line goes as a mail to MAIL_TO into the site's outbox,
// which keeps it until the API sends it. A process without the outbox (the
// off-site container) leaves the line in the tool's state folder for `backup
// report`; the drill on the owner's computer says it in its exit code and line.
import { join } from 'node:path';
import { localTime } from '../../common/swiss-time';
import { handToOwnerOf } from '../../files/file-ownership';
import { UsageError } from '../../common/cli-command';
import { readOwnerMail } from '../../config/app-config';
import type { Env } from '../../config/env-readers';
import { FOLDERS } from '../../mail/outbox/outbox-store';
import { makeOutboxStore } from '../../mail/outbox/outbox-stores';
import { newQueuedMail } from '../../mail/outbox/queued-mail';
import { takeNight, writeHeartbeat } from '../backup-heartbeat';
import { forgetState, readState, writeState } from '../backup-state';
import { currentFolders, describeBackupError, storesOf, wrongCall, type Call } from './call';

/** The off-site step's failure, waiting for `backup report` (backup-state.ts). */
const FAILURE = 'failure.txt';
/** A night step that never got the lock, waiting for the next `create` (leaveMissed). */
const MISSED = 'missed.json';

/** A failure left by an off-site step whose report never ran is no later night's. */
export const forgetLeftFailure = (project: string) => forgetState(project, FAILURE);

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
  const { from, to } = readOwnerMail(env);
  const store = makeOutboxStore(outbox);
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

/** The store `name` among the call's stores, if it names one (create, report). */
function storePath(call: Call, name: 'outbox' | 'access'): string | undefined {
  try {
    return storesOf(call, currentFolders(call), false).find((store) => store.name === name)?.path;
  } catch {
    return undefined;
  }
}

const outboxOf = (call: Call) => storePath(call, 'outbox');

/** A night whose off-site step left neither a copy nor a reason. */
const NOT_COPIED =
  'Der Schritt ausser Haus lief nicht zu Ende und hinterliess keinen Grund (startete Compose ' +
  'ihn nicht? BACKUP_RCLONE_CONFIG und rclone.conf prüfen); make backup zeigt die Meldung.';

/** A failed create or offsite: mailed where this process has the outbox, else left for report. */
export async function reportFailure(call: Call, command: string, error: unknown): Promise<void> {
  if (!['create', 'offsite'].includes(command) || error instanceof UsageError) return;
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

/**
 * After make backup's off-site step, whatever it did: a night whose archive was copied is
 * complete (the heartbeat), else its failure is mailed, the one the off-site container left or,
 * when it left none (it never started), that it did not end.
 */
export async function reportNight(call: Call): Promise<void> {
  const outbox = outboxOf(call);
  if (!outbox) throw wrongCall();
  const line = (await readState(call.project, FAILURE))?.trim();
  await forgetLeftFailure(call.project);
  const taken = await takeNight(call.project);
  const access = storePath(call, 'access');
  if (taken?.copied && !line) return access ? writeHeartbeat(access, taken.night) : undefined;
  if (!line && !taken) return;
  const mail = failureMail('offsite', line ?? NOT_COPIED, new Date());
  call.print(await queueOwnerMail(outbox, call.env, mail));
}

/**
 * A night step that waited for the lock in vain (another command held it, perhaps a
 * restore replacing the outbox): it writes no mail then, but leaves its line for the next
 * `create`, which mails it under the lock.
 */
export async function leaveMissed(project: string, command: string, error: Error) {
  const record = { command, at: new Date().toISOString(), line: describeBackupError(error) };
  await writeState(project, MISSED, `${JSON.stringify(record)}\n`).catch((failed: Error) =>
    console.error(`Nicht vermerkt: ${failed.message}`),
  );
}

/** Mails a night left by leaveMissed, where this process has the outbox. */
export async function reportMissed(call: Call): Promise<void> {
  const outbox = outboxOf(call);
  const text = await readState(call.project, MISSED);
  if (!outbox || text === undefined) return;
  const { command = 'create', at = '', line = text.trim() } = parsedMissed(text);
  const when = Number.isNaN(Date.parse(at)) ? new Date() : new Date(at);
  call.print(await queueOwnerMail(outbox, call.env, failureMail(command, line, when)));
  await forgetState(call.project, MISSED);
}

function parsedMissed(text: string): { command?: string; at?: string; line?: string } {
  try {
    const record: unknown = JSON.parse(text);
    return typeof record === 'object' && record !== null ? record : {};
  } catch {
    return {};
  }
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
