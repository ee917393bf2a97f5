// The off-site copy natively (make backup-local, make backup-check-local):
// the same POSIX sh script the rclone container runs for `make backup`
// (scripts/backup-offsite.sh), with the host's rclone. The script does
// rclone's part; which archives leave and which stay is decided here.
// Its lines (done, or why not) go straight to the owner's terminal or cron mail.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { BackupConfig } from '../config/app-config';
import type { Env } from '../config/env-readers';
import { REPO_ROOT } from '../config/paths';

const SCRIPT = join(REPO_ROOT, 'scripts', 'backup-offsite.sh');

/** The failure the script already explained on stderr: nothing more to print. */
export class OffsiteFailedError extends Error {}

export type Offsite = (
  verb: 'push' | 'list' | 'delete' | 'fetch',
  ...args: string[]
) => Promise<string>;

/**
 * What rclone needs of the environment, and nothing of the site's secrets
 * (.env's JWT_SECRET, BACKUP_SIGNING_KEY): PATH, HOME, TMPDIR, rclone's own settings.
 */
function rcloneEnv(env: Env, config: BackupConfig): Env {
  const own = Object.entries(env).filter(([name]) => /^RCLONE_/.test(name));
  const { PATH, HOME, TMPDIR } = env;
  return { ...Object.fromEntries(own), PATH, HOME, TMPDIR, RCLONE_CONFIG: config.rcloneConfig };
}

/** The script for BACKUP_REMOTE; resolves with what it printed (list's names). */
export function offsiteOf(env: Env, config: BackupConfig & { remote: string }): Offsite {
  return (verb, ...args) =>
    new Promise((resolve, reject) => {
      const child = spawn('sh', [SCRIPT, verb, config.remote, ...args], {
        env: rcloneEnv(env, config),
        stdio: ['ignore', verb === 'list' ? 'pipe' : 'inherit', 'inherit'],
      });
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', (error) =>
        reject(new Error(`Kopie ausser Haus gescheitert: sh nicht gefunden (${error.message}).`)),
      );
      child.on('close', (status) =>
        status === 0
          ? resolve(out)
          : reject(new OffsiteFailedError(`backup-offsite.sh: ${status}`)),
      );
    });
}
