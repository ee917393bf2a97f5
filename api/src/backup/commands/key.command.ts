// backup key: new keys (backup-key.ts); BACKUP_DIR's index is signed anew
// with the new signing key, so the archives the old one signed stay the site's own.
import { join } from 'node:path';
import { expandHome } from '../../config/backup-readers';
import { writeIndex } from '../archive/archive-index';
import { makeBackupKey } from '../backup-key';
import { indexOf, newestIn, wrongCall, type Call } from './call';

export async function key(call: Call): Promise<void> {
  const { values, project, print, config } = call;
  if (!values.out) throw wrongCall();
  const out = expandHome(values.out);
  const { index } = await indexOf(call);
  const { recipient, signingKey } = await makeBackupKey(project, out);
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
