// The off-site copy natively (make backup-local, make backup-check-local):
// the same POSIX sh script the rclone container runs for `make backup`
// (scripts/backup-offsite.sh), with the host's rclone. Its one line (done,
// or why not) goes straight to the owner's terminal or cron mail.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Env } from '../config/env-readers';
import { REPO_ROOT } from '../config/paths';
import type { parseBackupConfig } from '../config/app-config';

type BackupConfig = ReturnType<typeof parseBackupConfig>;

const SCRIPT = join(REPO_ROOT, 'scripts', 'backup-offsite.sh');

/** The failure the script already explained on stderr: nothing more to print. */
export class OffsiteFailedError extends Error {}

function runScript(args: string[], env: Env, config: BackupConfig): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', [SCRIPT, ...args], {
      env: {
        ...env,
        BACKUP_REMOTE: config.remote,
        BACKUP_KEEP: String(config.keep),
        RCLONE_CONFIG: config.rcloneConfig,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (error) =>
      reject(new Error(`Kopie ausser Haus gescheitert: sh nicht gefunden (${error.message}).`)),
    );
    child.on('close', (status) =>
      status === 0 ? resolve() : reject(new OffsiteFailedError(`backup-offsite.sh: ${status}`)),
    );
  });
}

/** Copies the archive to BACKUP_REMOTE, verifies it there and prunes the remote by BACKUP_KEEP. */
export const pushOffsite = (archive: string, env: Env, config: BackupConfig) =>
  runScript(['push', archive], env, config);

/** Fetches the newest archive of BACKUP_REMOTE into `folder`. */
export const fetchNewest = (folder: string, env: Env, config: BackupConfig) =>
  runScript(['newest', folder], env, config);
