// backup verify, restore and recover: an archive checked whole, then every
// store replaced, all or none (restore.ts); a restore cut short resolved.
import { keepRunningIn } from '../restore/running-settings';
import { readArchive } from '../archive/archive-reader';
import { describeStores, type Manifest } from '../archive/backup-manifest';
import { shown } from '../backup-text';
import type { Store } from '../backup-stores';
import type { OwnerPasskey } from '../../owner/owner-passkey-store';
import { makePasskeyStore } from '../../owner/owner-stores';
import { restoreArchive } from '../restore/restore';
import { describeRecovery, recover } from '../restore/restore-transaction';
import {
  checkName,
  currentFolders,
  environmentFolders,
  journalsOf,
  recoveryStores,
  SKIPPED,
  storesOf,
  trustFor,
  type Call,
} from './call';
import {
  confirmFolders,
  envCapture,
  forgetFoldersWhenDone,
  recordedFolders,
  recordFolders,
  type FolderSettings,
} from '../restore/restore-folders';

/** The passkeys in the access store among `stores` (none when it is absent or unreadable). */
async function passkeysIn(stores: Store[]): Promise<OwnerPasskey[]> {
  const access = stores.find((store) => store.name === 'access');
  if (!access) return [];
  return makePasskeyStore(access.path)
    .read()
    .catch(() => []);
}

/** A passkey removed since the backup (a stolen phone's) signs in again: one line each. */
function describeReturned(before: OwnerPasskey[], after: OwnerPasskey[]): string[] {
  const held = new Set(before.map((passkey) => passkey.id));
  return after
    .filter((passkey) => !held.has(passkey.id))
    .map(
      ({ id, label, createdAt }) =>
        `Passkey „${shown(label)}“ vom ${createdAt} ist wieder gültig (vor der Wiederherstellung ` +
        `nicht da); gehört er zu einem verlorenen Gerät: make owner-passkeys REMOVE=${shown(id)}`,
    );
}

const describeManifest = (archive: string, manifest: Manifest) =>
  `Archiv in Ordnung: ${archive} vom ${manifest.createdAt} (Version ${manifest.version}): ` +
  `${describeStores(manifest.stores)}`;

/**
 * --json: one line for scripts (the Makefile picks "name":"letsencrypt" from it), fields
 * stay; and the folders the archive's .env names recorded for the restore that follows.
 */
export async function verify(archive: string, call: Call) {
  const { key, trust } = await trustFor(call);
  const env = envCapture();
  const { manifest } = await readArchive(archive, { key, trust, onEntry: env.onEntry });
  checkName(archive, call)(manifest);
  if (trust.skip) console.error(SKIPPED);
  if (!call.values.json) return call.print(describeManifest(archive, manifest));
  // While a restore is unfinished its record stands: the recovery works on those folders.
  if (!(await recordedFolders(call.project)))
    await recordFolders(call.project, { ...environmentFolders(call), ...env.settings() });
  const { createdAt, version, stores } = manifest;
  call.print(JSON.stringify({ archive, createdAt, version, stores }));
}

export async function restore(archive: string, call: Call): Promise<void> {
  try {
    await restoreRecorded(archive, call);
  } finally {
    await forgetFoldersWhenDone(call.project);
  }
}

async function restoreRecorded(archive: string, call: Call): Promise<void> {
  const { print } = call;
  const { key, trust } = await trustFor(call);
  const journals = journalsOf(call);
  const before = await recoveryStores(call);
  for (const recovery of await recover(before, journals)) print(describeRecovery(recovery));
  const passkeys = await passkeysIn(before);
  let targets: Store[] = [];
  const targetsOf = async (folders: FolderSettings) => {
    // A setting the archive's .env leaves out is the environment's (as for the API).
    const meant = { ...environmentFolders(call), ...folders };
    if (!call.values.documents) confirmFolders(call.project, currentFolders(call), meant);
    targets = storesOf(call, meant, true);
    await recordFolders(call.project, meant);
    return targets;
  };
  let keptLine: string | undefined;
  const adjust = async (store: string, staged: string) => {
    if (store === 'env') keptLine = await keepRunningIn(staged, call.env);
  };
  const { manifest, untouched } = await restoreArchive(archive, targetsOf, {
    key,
    trust,
    journals,
    accept: checkName(archive, call),
    adjust,
  });
  if (trust.skip) print(SKIPPED);
  print(describeManifest(archive, manifest));
  const kept =
    untouched.length > 0 ? `; nicht im Archiv, unverändert: ${untouched.join(', ')}` : '';
  print(
    `Wiederhergestellt aus ${archive} vom ${manifest.createdAt}: ` +
      `${describeStores(manifest.stores)}${kept}`,
  );
  if (keptLine) print(keptLine);
  for (const line of describeReturned(passkeys, await passkeysIn(targets))) print(line);
}

/** A restore cut short resolved without a new one: finished if it had committed, else rolled back. */
export async function recoverRestore(call: Call): Promise<void> {
  const recoveries = await recover(await recoveryStores(call), journalsOf(call));
  await forgetFoldersWhenDone(call.project);
  if (recoveries.length === 0) call.print('Keine unterbrochene Wiederherstellung: nichts zu tun.');
  for (const recovery of recoveries) call.print(describeRecovery(recovery));
}
