// `make backup-key`: the keys of encrypted, signed backups (docs/backup.md).
// The age public key goes into the project's .env (BACKUP_AGE_RECIPIENTS,
// beside any keys already there), the secret signing key too
// (BACKUP_SIGNING_KEY: the site signs every archive with it). The owner's key
// file holds the secret age key and the public signing key: it opens the
// archives and proves they are the site's. It belongs with the owner and
// never stays on the Pi beside the archives. Written once, never printed.
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { changeSettings, readSetting, withSetting } from '../config/env-file-setting';
import { newKeyPair, KeyError } from './archive/archive-crypto';
import { newSigningPair, signingKeyLine } from './archive/archive-signature';
import { handToOwnerOf } from '../common/file-owner';

const RECIPIENTS = 'BACKUP_AGE_RECIPIENTS';

/** .env's text with `recipient` added to BACKUP_AGE_RECIPIENTS. */
export function addRecipient(envText: string, recipient: string): string {
  const present = readSetting(envText, RECIPIENTS)
    ?.replace(/^["']|["']$/g, '')
    .trim();
  return withSetting(envText, RECIPIENTS, present ? `${present},${recipient}` : recipient);
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

/** Makes both pairs, writes the key file and .env; returns the age public key and the signing key. */
export async function makeBackupKey(
  project: string,
  out: string,
): Promise<{ recipient: string; signingKey: string }> {
  const { file, recipient } = await newKeyPair();
  const signing = newSigningPair();
  await writeSecret(out, `${signingKeyLine(signing.publicKey)}\n${file}`);
  await changeSettings(project, (envText) =>
    withSetting(addRecipient(envText, recipient), 'BACKUP_SIGNING_KEY', signing.secret),
  );
  return { recipient, signingKey: signing.secret };
}
