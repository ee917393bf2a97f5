// The backup tool (docs/backup.md, "Die Befehle"): USAGE below, each command in
// commands/, under the lock (backup-lock.ts). Natively via tsx (make
// backup-local …), under Docker as dist/backup/backup.cli.js in short-lived
// containers (make backup …): create, restore and check without network,
// offsite and fetch with it but without stores, .env or key file. Settings:
// --project's .env, else this repository's, beneath the environment.
// Exit codes: 0 done, 1 failed, 2 wrong call.
import { parseCliArgs, runCliCommand, UsageError, type CliCommand } from '../common/cli-command';
import { DEFAULT_WAIT_MS, LockBusyError, withBackupLock } from './backup-lock';
import { adopt } from './commands/adopt.command';
import { callOf, describeBackupError, OPTIONS, type Call } from './commands/call';
import { check, fetchCopies } from './commands/check.command';
import { create } from './commands/create.command';
import { key } from './commands/key.command';
import { protocol } from './commands/protocol.command';
import { prune, sendOffsite } from './commands/offsite.command';
import { recoverRestore, restore, verify } from './commands/restore.command';
import { leaveMissed, reportFailure, reportNight } from './commands/report.command';

export { describeBackupError };

const USAGE = `Aufruf (SPEICHER: --local, --project ORDNER, --store NAME=ORDNER, --file NAME=DATEI):
  backup create  [--offsite] [--json] SPEICHER
  backup offsite [--project ORDNER]
  backup report  SPEICHER
  backup prune   SPEICHER
  backup verify  ARCHIV [--identity SCHLÜSSELDATEI] [--skip-origin-check] [--skip-name-check] [--json]
  backup restore ARCHIV [--identity SCHLÜSSELDATEI] [--skip-origin-check] [--skip-name-check] SPEICHER
  backup recover SPEICHER
  backup check   [ORDNER [--fetched]] [--offsite] [--identity SCHLÜSSELDATEI] SPEICHER
  backup fetch   --into ORDNER [--project ORDNER]
  backup key     --out SCHLÜSSELDATEI SPEICHER
  backup adopt   --identity SCHLÜSSELDATEI SPEICHER
  backup protocol`;

/** The commands under the lock, and how many arguments each takes (at least, at most). */
const LOCKED: Record<string, [number, number, (call: Call, args: string[]) => Promise<void>]> = {
  create: [0, 0, (call) => create(call)],
  prune: [0, 0, (call) => prune(call)],
  key: [0, 0, (call) => key(call)],
  adopt: [0, 0, (call) => adopt(call)],
  restore: [1, 1, (call, [archive]) => restore(archive, call)],
  recover: [0, 0, (call) => recoverRestore(call)],
  verify: [1, 1, (call, [archive]) => verify(archive, call)],
  check: [0, 1, (call, args) => check(args, call)],
  offsite: [0, 0, (call) => sendOffsite(call)],
  fetch: [0, 0, (call) => fetchCopies(call)],
  report: [0, 0, (call) => reportNight(call)],
};

/** The steps of make backup's night: one that never got the lock is mailed later. */
const NIGHTLY = ['create', 'offsite', 'report'];

function waitOf(wait: string | undefined): number {
  if (wait === undefined) return DEFAULT_WAIT_MS;
  const seconds = Number(wait);
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError(USAGE);
  return seconds * 1000;
}

export const runBackupCommand: CliCommand = async (args, env, print) => {
  const { values, positionals } = parseCliArgs(args, OPTIONS);
  const [command = '', ...rest] = positionals;
  // Asked before anything is read: a Makefile learns what it may call, whatever .env says.
  if (command === 'protocol' && rest.length === 0) return protocol(print);
  const call = callOf(command, values, env, print);
  const [least, most, work] = LOCKED[command] ?? [];
  if (!work || rest.length < least || rest.length > most) throw new UsageError(USAGE);
  const lock = { project: call.project, command, waitMs: waitOf(values.wait) };
  // A failure is told under the lock: no restore replaces the outbox meanwhile.
  const told = async () => {
    try {
      if (call.problems) throw new Error(call.problems);
      return await work(call, rest);
    } catch (error) {
      await reportFailure(call, command, error);
      throw error;
    }
  };
  try {
    return await withBackupLock(lock, told);
  } catch (error) {
    if (error instanceof LockBusyError && NIGHTLY.includes(command))
      await leaveMissed(call.project, command, error);
    // A command's wrong call (commands/call.ts, wrongCall) says the usage.
    throw error instanceof UsageError && !error.message ? new UsageError(USAGE) : error;
  }
};

if (require.main === module) runCliCommand(runBackupCommand, describeBackupError);
