// `make backup-key`: a new age key pair for encrypted backups. The public
// key goes into the project's .env (BACKUP_AGE_RECIPIENTS, beside any keys
// already there); the secret one into a file of its own, owner-only, which
// belongs with the owner and never stays on the Pi beside the archives: a
// thief of the card would hold both. It is written once and never printed.
import { chown, open, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { replaceFileDurably } from '../common/durable-file';
import { newKeyPair, KeyError } from './archive-crypto';

const SETTING = 'BACKUP_AGE_RECIPIENTS';
const LINE = new RegExp(`^${SETTING}=(.*)$`, 'm');

/** .env's text with `recipient` added to BACKUP_AGE_RECIPIENTS (a line of its own when new). */
export function addRecipient(envText: string, recipient: string): string {
  const found = LINE.exec(envText);
  if (!found) {
    const separator = envText === '' || envText.endsWith('\n') ? '' : '\n';
    return `${envText}${separator}${SETTING}=${recipient}\n`;
  }
  const present = found[1].replace(/^["']|["']$/g, '').trim();
  const keys = present === '' ? [recipient] : [present, recipient];
  return envText.replace(LINE, `${SETTING}=${keys.join(',')}`);
}

/** As root (the Docker tool), a new file goes to whoever owns the folder it is written into. */
async function handToOwnerOf(path: string, folder: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = await stat(folder);
  await chown(path, uid, gid);
}

async function writeSecret(out: string, text: string): Promise<void> {
  const file = await open(out, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST')
      throw new KeyError(`${out} gibt es schon: einen anderen Namen wählen (nichts verändert).`);
    throw new KeyError(`${out} lässt sich nicht anlegen (${error.code ?? error.message}).`);
  });
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await handToOwnerOf(out, dirname(out));
}

/** Makes the pair, writes both halves; returns the public key. */
export async function makeBackupKey(project: string, out: string): Promise<string> {
  const { file, recipient } = await newKeyPair();
  const envFile = join(project, '.env');
  const envText = await readFile(envFile, 'utf8').catch(() => '');
  const owner = await stat(envFile).catch(() => stat(project));
  await writeSecret(out, file);
  await replaceFileDurably(envFile, addRecipient(envText, recipient), { mode: 0o600 });
  if (process.getuid?.() === 0) await chown(envFile, owner.uid, owner.gid);
  return recipient;
}
