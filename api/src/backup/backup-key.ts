// `make backup-key`: the keys of encrypted, signed backups (docs/backup.md).
// The age public key goes into the project's .env (BACKUP_AGE_RECIPIENTS,
// beside any keys already there), the secret signing key too
// (BACKUP_SIGNING_KEY: the site signs every archive with it). The owner's key
// file holds the secret age key and the public signing key: it opens the
// archives and proves they are the site's. It belongs with the owner and
// never stays on the Pi beside the archives. Written once, never printed.
import { open, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { replaceFileDurably } from '../common/durable-file';
import { newKeyPair, KeyError } from './archive-crypto';
import { newSigningPair, signingKeyLine } from './archive-signature';
import { handToOwnerOf, ownAs } from './file-owner';

const RECIPIENTS = 'BACKUP_AGE_RECIPIENTS';
const lineOf = (setting: string) => new RegExp(`^${setting}=(.*)$`, 'm');

/** .env's text with `setting` set to `value` (a line of its own when new). */
function setLine(envText: string, setting: string, value: string): string {
  if (lineOf(setting).test(envText)) return envText.replace(lineOf(setting), `${setting}=${value}`);
  const separator = envText === '' || envText.endsWith('\n') ? '' : '\n';
  return `${envText}${separator}${setting}=${value}\n`;
}

/** .env's text with `recipient` added to BACKUP_AGE_RECIPIENTS. */
export function addRecipient(envText: string, recipient: string): string {
  const present = lineOf(RECIPIENTS)
    .exec(envText)?.[1]
    .replace(/^["']|["']$/g, '')
    .trim();
  return setLine(envText, RECIPIENTS, present ? `${present},${recipient}` : recipient);
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

/** Makes both pairs, writes the key file and .env; returns the age public key. */
export async function makeBackupKey(project: string, out: string): Promise<string> {
  const { file, recipient } = await newKeyPair();
  const signing = newSigningPair();
  const envFile = join(project, '.env');
  const envText = await readFile(envFile, 'utf8').catch(() => '');
  const owner = await stat(envFile).catch(() => stat(project));
  await writeSecret(out, `${signingKeyLine(signing.publicKey)}\n${file}`);
  const updated = setLine(addRecipient(envText, recipient), 'BACKUP_SIGNING_KEY', signing.secret);
  await replaceFileDurably(envFile, updated, { mode: 0o600 });
  await ownAs(envFile, owner);
  return recipient;
}
