// The access module's stores, each made once from the settings: the API gets
// them as the module's providers (access.module.ts), the command line
// (access.cli.ts) from this same function; nothing else makes its own, so
// every part of one process shares what a store knows (a letter found
// damaged, the store's lock). lint/import-rules.test.mjs holds to it.
import type { AppConfig } from '../config/app-config';
import type { LetterFiles } from '../letters/letter-files';
import { makeLetterFiles } from '../letters/letter-stores';
import { AccessChangeNotes, type ChangeSource } from './access-change-notes';
import { AccessChanges } from './access-changes';
import { AccessLogFile } from './access-log';
import { AccessStore } from './access-store';

export type AccessStores = ReturnType<typeof makeAccessStores>;

/**
 * `via`: where this process's changes are made, for the owner's mail of them; `letters`:
 * the process's LetterFiles where it has one already (the API's letters module).
 */
export function makeAccessStores(
  config: Pick<AppConfig, 'access' | 'documents'>,
  via: ChangeSource,
  letters: LetterFiles = makeLetterFiles(config),
) {
  const store = new AccessStore(config.access.dir);
  const log = new AccessLogFile(config.access.dir);
  const notes = new AccessChangeNotes(config.access.dir, store.accessesFile);
  const changes = new AccessChanges(store, letters, config.documents.dir, (text) =>
    notes.add(text, via),
  );
  return { store, letters, log, notes, changes };
}
