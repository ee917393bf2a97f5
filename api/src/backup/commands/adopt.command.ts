// backup adopt: takes the archives in BACKUP_DIR that the index does not name
// and that prove themselves the site's (opened with the key file, signed by
// the site, named at the time they were made) into the index: after a lost
// index, or for copies made before there was one. The rest stay strangers.
import { join } from 'node:path';
import { INDEX_NAME, writeIndex } from '../archive/archive-index';
import { readArchive } from '../archive/archive-reader';
import { shown } from '../backup-text';
import { checkName, describeBackupError, knownOf, strangersIn, trustFor, type Call } from './call';

export async function adopt(call: Call): Promise<void> {
  const { config, print, project } = call;
  const { dir, signingKey } = config;
  const { key, trust } = await trustFor(call, { skip: false });
  if (!signingKey || !trust.signer)
    throw new Error(
      'Übernehmen braucht BACKUP_SIGNING_KEY in .env und AGE_IDENTITY=SCHLÜSSELDATEI: nur was ' +
        'die Website signiert hat, wird ihr eigen (make backup-key); nichts verändert.',
    );
  const known = await knownOf(call);
  const adopted: string[] = [];
  for (const name of await strangersIn(dir, known)) {
    const archive = join(dir, name);
    try {
      checkName(archive, call)((await readArchive(archive, { key, trust })).manifest);
      adopted.push(name);
    } catch (error) {
      print(`Nicht übernommen: ${shown(name)}: ${describeBackupError(error as Error)}`);
    }
  }
  if (adopted.length === 0) return print(`In ${dir} gibt es nichts zu übernehmen.`);
  for (const name of adopted) known.add(name);
  await writeIndex(dir, known, { signingKey, project, archive: adopted.join(', ') });
  print(`Übernommen (${INDEX_NAME} in ${dir}): ${adopted.join(', ')}`);
}
