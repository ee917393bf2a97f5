// rclone's part of the off-site copy (docs/backup.md, "Ausser Haus mit
// rclone"), natively and in the tool's off-site container alike (rclone lies
// beside node in the API image): copy and check, list, delete, fetch. Which
// archives leave and stay, offsite.command.ts decides. Each failure is one line
// naming the remote and rclone's own last word.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BackupConfig } from '../../config/app-config';
import type { Env } from '../../config/env-readers';
import { freeBytes } from '../archive/archive-size';
import { configForCall } from './rclone-config';

/** What rclone needs of the environment, and none of the site's secrets (JWT_SECRET, …). */
function rcloneEnv(env: Env, rcloneConfig: string | undefined): Env {
  const own = Object.entries(env).filter(([name]) => /^RCLONE_/.test(name));
  const { PATH, HOME, TMPDIR } = env;
  return { ...Object.fromEntries(own), PATH, HOME, TMPDIR, RCLONE_CONFIG: rcloneConfig };
}

/** One rclone call: its output, and whether it ended well. */
async function rcloneCall(env: Env, rcloneConfig: string | undefined, args: string[]) {
  const config = await configForCall(rcloneConfig);
  try {
    return await new Promise<{ ok: boolean; out: string; err: string }>((resolve) => {
      const child = spawn('rclone', args, { env: rcloneEnv(env, config.path), stdio: 'pipe' });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', (error) => resolve({ ok: false, out, err: `rclone: ${error.message}` }));
      child.on('close', (status) => resolve({ ok: status === 0, out, err }));
    });
  } finally {
    await config.done();
  }
}

/** rclone's last log line, without its date and level, as the reason. */
function reasonOf(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.replace(/^[0-9/]* [0-9:]* /, '').replace(/^[A-Z]* *: /, ''))
    .filter((line) => line.trim() !== '');
  return lines.at(-1) ?? 'keine Antwort';
}

export interface Offsite {
  /**
   * Copies `archive` there and checks its size and SHA-256 (`sha256`, the one it was written
   * with, else the file's own now); returns the owner's line.
   */
  push(archive: string, sha256?: string): Promise<string>;
  /** The remote's file names. */
  list(): Promise<string[]>;
  /** Deletes these names there; returns the owner's line. */
  remove(names: string[]): Promise<string>;
  /** Copies `name` into `folder`, once it is known to fit there. */
  fetch(name: string, folder: string): Promise<void>;
}

/** A file in the remote's folder: offsite:backups/NAME, or offsite:NAME for a remote's root. */
const at = (remote: string, name: string) =>
  /[:/]$/.test(remote) ? `${remote}${name}` : `${remote}/${name}`;

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** rclone for BACKUP_REMOTE, with only rclone's share of the environment. */
export function offsiteOf(env: Env, config: BackupConfig & { remote: string }): Offsite {
  const { remote } = config;
  const rclone = (...args: string[]) => rcloneCall(env, config.rcloneConfig, args);
  const remoteSha = async (target: string, download: boolean) => {
    const run = await rclone('hashsum', 'sha256', ...(download ? ['--download'] : []), target);
    return /^([0-9a-f]{64}) {2}/.exec(run.out)?.[1];
  };

  return {
    async push(archive, sha256) {
      const name = basename(archive);
      const failed = (why: string) =>
        new Error(
          `Kopie ausser Haus gescheitert: ${why}; das Archiv bleibt hier, nichts gelöscht.`,
        );
      const target = at(remote, name);
      const copied = await rclone('copyto', archive, target);
      if (!copied.ok) throw failed(`${remote}: ${reasonOf(copied.err)}`);
      const { size } = await stat(archive);
      const there = (await rclone('lsf', '--format', 's', target)).out.trim();
      if (there !== String(size))
        throw failed(`${target} ist ${there || 'nicht da'} statt ${size} Bytes gross`);
      // The remote's own SHA-256 where it has one (S3 and many SFTP servers do
      // not, WebDAV rarely): else the copy is read back and hashed here.
      const own = await remoteSha(target, false);
      const sum = own ?? (await remoteSha(target, true));
      const how = own ? 'SHA-256 dort' : 'SHA-256 der zurückgelesenen Kopie';
      if (!sum) throw failed(`${target} liess sich nicht zurücklesen`);
      if (sum !== (sha256 ?? (await sha256Of(archive))))
        throw failed(`${target} weicht ab (SHA-256)`);
      return `Ausser Haus: ${name} nach ${remote} kopiert und geprüft (${size} Bytes, ${how})`;
    },
    async list() {
      const run = await rclone('lsf', '--files-only', remote);
      if (!run.ok)
        throw new Error(`${remote} ist nicht erreichbar (${reasonOf(run.err)}); nichts gelöscht.`);
      return run.out.split('\n').filter(Boolean);
    },
    async remove(names) {
      for (const name of names) {
        const run = await rclone('deletefile', at(remote, name));
        if (!run.ok) throw new Error(`${name} in ${remote} nicht gelöscht: ${reasonOf(run.err)}`);
      }
      return `In ${remote} gelöscht: ${names.join(' ')}`;
    },
    async fetch(name, folder) {
      const failed = `Prüfung gescheitert: ${name}`;
      const sized = await rclone('lsf', '--format', 's', at(remote, name));
      if (!sized.ok) throw new Error(`${failed} liess sich nicht finden (${reasonOf(sized.err)}).`);
      const size = Number(sized.out.trim());
      const free = await freeBytes(folder);
      if (!(size <= free))
        throw new Error(
          `${failed} braucht ${size} Bytes, in ${folder} sind nur ${free} frei: TMPDIR auf einen grösseren Ordner legen.`,
        );
      const run = await rclone('copyto', at(remote, name), join(folder, name));
      if (!run.ok) throw new Error(`${failed} liess sich nicht holen (${reasonOf(run.err)}).`);
    },
  };
}
