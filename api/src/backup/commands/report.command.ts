// A failed create or offsite tells the owner by mail (failure-mail.ts); backup
// report mails the failure the off-site container left.
import { UsageError } from '../../common/owner-command';
import { LockBusyError } from '../backup-lock';
import { leaveFailure, queueFailureMail, takeFailure } from '../failure-mail';
import { describeBackupError, storesOf, wrongCall, type Call } from './call';

/** The outbox among the call's stores, if it names one (create, report). */
function outboxOf(call: Call): string | undefined {
  try {
    return storesOf(call, false).find((store) => store.name === 'outbox')?.path;
  } catch {
    return undefined;
  }
}

/** Queued into the outbox where this process has it, else left for report. */
export async function reportFailure(call: Call, command: string, error: unknown): Promise<void> {
  // Not while another command holds the lock: a long restore may be replacing the outbox.
  if (!['create', 'offsite'].includes(command) || error instanceof UsageError) return;
  if (error instanceof LockBusyError) return;
  const line = describeBackupError(error as Error);
  const outbox = outboxOf(call);
  try {
    if (outbox) call.print(await queueFailureMail(outbox, call.env, command, line));
    else await leaveFailure(call.project, line);
  } catch (failed) {
    console.error(`Keine Mail an MAIL_TO: ${(failed as Error).message}`);
  }
}

/** Mails the failure the off-site container left (make backup runs it when that step failed). */
export async function reportLeftFailure(call: Call): Promise<void> {
  const outbox = outboxOf(call);
  if (!outbox) throw wrongCall();
  const line = await takeFailure(call.project);
  if (line) call.print(await queueFailureMail(outbox, call.env, 'offsite', line));
}
