// The outbox's folders, made once from the settings: the API gets them as
// the mail module's provider (mail.module.ts), make mail-retry and the backup
// tool's mails to the owner from this same function; nothing else makes its
// own (access/access-stores.ts says why; lint/import-rules.test.mjs holds to it).
import { OutboxStore } from './outbox-store';

export const makeOutboxStore = (outboxDir: string) => new OutboxStore(outboxDir);
