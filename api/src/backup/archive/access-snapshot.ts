// The access store and the companies' letters, read as one: accesses.json
// names each company's letters, so an archive holding one store from before
// a change and the other from after would restore links whose letters are
// gone. Under the access store's own lock (the one every change to the links
// takes: common/json-store.ts) both are listed and each of their files
// opened; the lock is held only that long, and the bytes are read later from
// the open files, which a deletion meanwhile does not take away.
import { lstat, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { withFileLock } from '../../common/json-store';
import type { Store } from '../backup-stores';
import { listStore } from './store-listing';

/** A store as it was under the lock: its entries, and its files opened, by name. */
export interface PinnedStore {
  names: string[];
  files: Map<string, FileHandle>;
  /** What could not be archived (store-listing.ts). */
  skipped: Set<string>;
}

async function pin(store: Store): Promise<PinnedStore> {
  const skipped = new Set<string>();
  const names = await listStore(store.path, store.leaveOut, skipped);
  const files = new Map<string, FileHandle>();
  for (const name of names) {
    const path = join(store.path, name);
    // One gone since it was listed (a log rotated, a usage record replaced) is no longer there.
    if ((await lstat(path).catch(() => undefined))?.isFile())
      files.set(name, await open(path, 'r'));
  }
  return { names, files, skipped };
}

/** The access and letters folders among `stores`, pinned together; none when either is absent. */
export async function pinAccessStores(stores: Store[]): Promise<Map<string, PinnedStore>> {
  const [access, letters] = ['access', 'letters'].map((name) =>
    stores.find((store) => store.name === name && store.kind === 'folder'),
  );
  const pinned = new Map<string, PinnedStore>();
  if (!access || !letters) return pinned;
  try {
    await withFileLock(join(access.path, 'accesses.json'), async () => {
      for (const store of [access, letters]) pinned.set(store.name, await pin(store));
    });
  } catch (error) {
    await unpin(pinned);
    throw error;
  }
  return pinned;
}

/** Closes what the archive did not take. */
export async function unpin(pinned: Map<string, PinnedStore>): Promise<void> {
  for (const { files } of pinned.values())
    for (const file of files.values()) await file.close().catch(() => undefined);
}
