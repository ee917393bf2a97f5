// Sends the messages in the outbox's failed/ folder again: they go back to
// the queue, due now, and the running API delivers them within 15 s.
//   natively:  npx tsx api/src/mail/outbox/retry-failed.cli.ts   (make mail-retry-local)
//   compose:   docker compose exec api node dist/mail/outbox/retry-failed.cli.js   (make mail-retry)
import { parseAppConfig } from '../../config/app-config';
import { withEnvFile } from '../../config/env-file';
import { ENV_FILE } from '../../config/paths';
import { makeOutboxStore } from './outbox-stores';
import { messageOf } from '../../common/error-message';

async function main(): Promise<void> {
  // The environment wins over .env, as for the API itself.
  const { outboxDir } = parseAppConfig(withEnvFile(process.env, ENV_FILE)).mail;
  const count = await makeOutboxStore(outboxDir).requeueFailed();
  console.log(`${count} failed message(s) from ${outboxDir}/failed queued again.`);
}

main().catch((error: unknown) => {
  console.error(messageOf(error));
  process.exit(1);
});
