// The owner's stores, the passkeys and the open setup link, each made once
// from the settings: the API gets them as the owner module's providers
// (owner.module.ts), the command line (owner.cli.ts) and the backup tool from
// these same functions; nothing else makes its own (access/access-stores.ts
// says why; lint/import-rules.test.mjs holds to it).
import { OwnerPasskeyStore } from './owner-passkey-store';
import { OwnerSetupStore } from './owner-setup-store';

export const makePasskeyStore = (accessDir: string) => new OwnerPasskeyStore(accessDir);
export const makeSetupStore = (accessDir: string) => new OwnerSetupStore(accessDir);
