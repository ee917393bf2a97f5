// The access module's stores, each made once from the settings: the API gets
// them as the module's providers (access.module.ts), the command line
// (access.cli.ts) from this same function; nothing else makes its own, so
// every part of one process shares what a store knows (a letter found
// damaged, the store's lock). lint/import-rules.test.mjs holds to it.
import type { AppConfig } from '../config/app-config';
import { LetterFiles } from '../letters/letter-files';
import { AccessChanges } from './access-changes';
import { AccessLogFile } from './access-log';
import { AccessStore } from './access-store';

export type AccessStores = ReturnType<typeof makeAccessStores>;

export function makeAccessStores(config: Pick<AppConfig, 'access' | 'documents'>) {
  const store = new AccessStore(config.access.dir);
  const letters = new LetterFiles(config.access.lettersDir);
  const log = new AccessLogFile(config.access.dir);
  const changes = new AccessChanges(store, letters, config.documents.dir);
  return { store, letters, log, changes };
}
