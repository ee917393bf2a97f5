// backup key (docs/backup.md, "Verschlüsselt mit age"): the age public key and
// the secret signing key go into the project's .env; the owner's key file, written
// once and never printed, holds the secret age key and the public signing key,
// and belongs off the Pi. BACKUP_DIR's index is signed anew with the new
// signing key, so the archives the old one signed stay the site's own.
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { handToOwnerOf } from '../../files/file-ownership';
import { expandHome } from '../../config/backup-readers';
import { changeSettings, readSetting, withSetting } from '../../config/env-file-setting';
import { KeyError, newKeyPair } from '../archive/archive-crypto';
import { writeIndex } from '../archive/archive-index';
import { newSigningPair, signingKeyLine } from '../archive/archive-signature';
import { indexOf, newestIn, wrongCall, type Call } from './call';

const RECIPIENTS = 'BACKUP_AGE_RECIPIENTS';

/** .env's text with `recipient` added to BACKUP_AGE_RECIPIENTS. */
export function addRecipient(envText: string, recipient: string): string {
  const present = readSetting(envText, RECIPIENTS)
    ?.replace(/^["']|["']$/g, '')
    .trim();
  return withSetting(envText, RECIPIENTS, present ? `${present},${recipient}` : recipient);
}

/** The key file, written once (never over another) and readable by its owner alone. */
async function writeSecret(out: string, text: string): Promise<void> {
  const file = await open(out, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST')
      throw new KeyError(`${out} gibt es schon: einen anderen Namen wählen (nichts verändert).`);
    throw new KeyError(`${out} lässt sich nicht anlegen (${error.code ?? error.message}).`);
  });
  await file
    .writeFile(text)
    .then(() => file.sync())
    .finally(() => file.close());
  await handToOwnerOf(out, dirname(out));
}

export async function key(call: Call): Promise<void> {
  const { values, project, print, config } = call;
  if (!values.out) throw wrongCall();
  const out = expandHome(values.out);
  const { index } = await indexOf(call);
  const { file, recipient } = await newKeyPair();
  const { secret: signingKey, publicKey } = newSigningPair();
  await writeSecret(out, `${signingKeyLine(publicKey)}\n${file}`);
  await changeSettings(project, (envText) =>
    withSetting(addRecipient(envText, recipient), 'BACKUP_SIGNING_KEY', signingKey),
  );
  const newest = newestIn(index);
  if (index && newest)
    await writeIndex(config.dir, index.names, { signingKey, project, archive: newest });
  print(
    `Öffentlicher Schlüssel ${recipient} und Signaturschlüssel in ${join(project, '.env')} ` +
      'eingetragen (BACKUP_AGE_RECIPIENTS, BACKUP_SIGNING_KEY): ab der nächsten Sicherung ist ' +
      'jedes Archiv verschlüsselt und signiert.',
  );
  print(
    `Geheimer Schlüssel in ${out} (nur für dich lesbar). Er gehört NICHT auf den Pi: jetzt in den Passwort-Manager, auf den eigenen Rechner oder einen USB-Stick in der Schublade kopieren und hier löschen. Ohne ihn sind die verschlüsselten Sicherungen für immer unlesbar.`,
  );
}
