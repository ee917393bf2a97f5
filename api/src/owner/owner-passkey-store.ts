// The owner's passkeys, in ACCESS_DIR/owner-passkeys.json beside the
// accesses, so a backup carries them. Written by the API (a registration, a
// sign-in's counter) and by the owner's command (removing a lost phone's
// passkey), each under the store's lock (common/json-store.ts). A damaged
// file stops the API's start, like the access store: read as empty, it would
// lock the owner out without a word.
import { join } from 'node:path';
import {
  isObject,
  isTime,
  readJsonFile,
  storeDamaged,
  withFileLock,
  writeJsonFile,
} from '../common/json-store';
import { passkeyLabel } from './passkey-label';

export interface OwnerPasskey {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter, to notice a cloned key. */
  counter: number;
  transports: string[];
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const OWNER_PASSKEYS_FILE = 'owner-passkeys.json';
const STORE = 'Owner passkey store';

function isPasskey(value: unknown): value is OwnerPasskey {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.publicKey === 'string' &&
    Number.isSafeInteger(value.counter) &&
    Array.isArray(value.transports) &&
    value.transports.every((transport) => typeof transport === 'string') &&
    typeof value.label === 'string' &&
    isTime(value.createdAt) &&
    (value.lastUsedAt === null || isTime(value.lastUsedAt))
  );
}

export class OwnerPasskeyStore {
  readonly file: string;

  constructor(dir: string) {
    this.file = join(dir, OWNER_PASSKEYS_FILE);
  }

  async read(): Promise<OwnerPasskey[]> {
    const content = await readJsonFile(this.file, STORE);
    if (content === undefined) return [];
    if (
      !isObject(content) ||
      !Array.isArray(content.passkeys) ||
      !content.passkeys.every(isPasskey)
    )
      throw storeDamaged(STORE, this.file, 'not a list of passkeys');
    return content.passkeys;
  }

  async find(id: string): Promise<OwnerPasskey | undefined> {
    return (await this.read()).find((passkey) => passkey.id === id);
  }

  /** Stores a newly registered passkey, named after the device it came from; returns it. */
  add(
    credential: Pick<OwnerPasskey, 'id' | 'publicKey' | 'counter' | 'transports'>,
    userAgent: string | undefined,
    now = Date.now(),
  ): Promise<OwnerPasskey> {
    return this.change((passkeys) => {
      const taken = passkeys.map((passkey) => passkey.label);
      const passkey: OwnerPasskey = {
        ...credential,
        label: passkeyLabel(userAgent, taken, now),
        createdAt: new Date(now).toISOString(),
        lastUsedAt: null,
      };
      return { passkeys: [...passkeys, passkey], result: passkey };
    });
  }

  /** Records a sign-in: the authenticator's new counter and the time. */
  used(id: string, counter: number, now = Date.now()): Promise<void> {
    return this.change((passkeys) => ({
      passkeys: passkeys.map((passkey) =>
        passkey.id === id
          ? // Two sign-ins at once may finish in either order: the counter never goes back.
            {
              ...passkey,
              counter: Math.max(passkey.counter, counter),
              lastUsedAt: new Date(now).toISOString(),
            }
          : passkey,
      ),
      result: undefined,
    }));
  }

  /** Removes one passkey; returns it, or undefined when there was none with this id. */
  remove(id: string): Promise<OwnerPasskey | undefined> {
    return this.change((passkeys) => {
      const removed = passkeys.find((passkey) => passkey.id === id);
      if (!removed) return { passkeys, result: undefined };
      return { passkeys: passkeys.filter((passkey) => passkey !== removed), result: removed };
    });
  }

  private change<T>(
    change: (passkeys: OwnerPasskey[]) => { passkeys: OwnerPasskey[]; result: T },
  ): Promise<T> {
    return withFileLock(this.file, async () => {
      const before = await this.read();
      const { passkeys, result } = change(before);
      if (passkeys !== before) await writeJsonFile(this.file, { version: 1, passkeys });
      return result;
    });
  }
}
