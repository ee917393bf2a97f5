// The passkey store, made once from the settings: the API gets it as the
// owner module's provider (owner.module.ts), the command line (owner.cli.ts)
// and the backup tool from this same function; nothing else makes its own
// (access/access-stores.ts says why; lint/import-rules.test.mjs holds to it).
import { OwnerPasskeyStore } from './owner-passkey-store';

export const makePasskeyStore = (accessDir: string) => new OwnerPasskeyStore(accessDir);
