// A restore brings back the owner's passkeys as they were at the backup: one
// removed since (a stolen phone's) signs in again. The owner reads one line
// for each passkey the store did not hold before, with the command that
// removes it again (docs/backup.md, "Wiederherstellen").
import { OwnerPasskeyStore, type OwnerPasskey } from '../../owner/owner-passkey-store';
import { shown } from '../archive/backup-manifest';
import type { Store } from '../backup-stores';

/** The passkeys in the access store among `stores` (none when it is absent or unreadable). */
export async function passkeysIn(stores: Store[]): Promise<OwnerPasskey[]> {
  const access = stores.find((store) => store.name === 'access');
  if (!access) return [];
  return new OwnerPasskeyStore(access.path).read().catch(() => []);
}

/** One line per passkey in `after` that `before` did not hold. */
export function describeReturned(before: OwnerPasskey[], after: OwnerPasskey[]): string[] {
  const held = new Set(before.map((passkey) => passkey.id));
  return after
    .filter((passkey) => !held.has(passkey.id))
    .map(
      ({ id, label, createdAt }) =>
        `Passkey „${shown(label)}“ vom ${createdAt} ist wieder gültig (vor der Wiederherstellung ` +
        `nicht da); gehört er zu einem verlorenen Gerät: make owner-passkeys REMOVE=${shown(id)}`,
    );
}
