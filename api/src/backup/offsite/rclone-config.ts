// rclone saves what it learns of a remote into its config file: an SFTP
// server's shell and hash commands, a refreshed token. Where it cannot write
// there (the off-site container mounts the owner's file read-only), it tries
// each save again for some five seconds, twice per call on SFTP: minutes for
// one make backup. It then gets a private copy it may write, removed after
// the call; the owner's file stays as it is.
import { constants } from 'node:fs';
import { access, chmod, copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface CallConfig {
  /** RCLONE_CONFIG for this call: the owner's file, or the copy. */
  path: string | undefined;
  /** Removes the copy, if there is one. */
  done(): Promise<void>;
}

const allows = (path: string, mode: number) =>
  access(path, mode).then(
    () => true,
    () => false,
  );

/** rclone writes a new file beside the config and renames it over the old one. */
const writable = async (path: string) =>
  (await allows(path, constants.W_OK)) && (await allows(dirname(path), constants.W_OK));

export async function configForCall(path: string | undefined): Promise<CallConfig> {
  const asItIs = { path, done: async () => {} };
  // A missing or unreadable file: rclone says so in its own words.
  if (!path || !(await allows(path, constants.R_OK)) || (await writable(path))) return asItIs;
  const folder = await mkdtemp(join(tmpdir(), 'portfolio-rclone-'));
  const copy = join(folder, 'rclone.conf');
  await copyFile(path, copy);
  await chmod(copy, 0o600);
  return { path: copy, done: () => rm(folder, { recursive: true, force: true }) };
}
