import 'reflect-metadata';
import { ConsoleLogger, Logger } from '@nestjs/common';
import { createApp } from './app.setup';
import { describeUnfinishedRestore, unfinishedRestore } from './backup/restore/restore-transaction';
import { parseAppConfig } from './config/app-config';
import { apiEnv } from './config/config.module';
import { messageOf } from './common/error-message';

async function bootstrap(): Promise<void> {
  // Checking the configuration before Nest starts ends a misconfigured start
  // with one clear message instead of a stack.
  const config = parseAppConfig(apiEnv());
  const { host, port } = config.server;
  const unfinished = await unfinishedRestore({
    ACCESS_DIR: config.access.dir,
    LETTERS_DIR: config.access.lettersDir,
    MAIL_OUTBOX_DIR: config.mail.outboxDir,
  });
  if (unfinished) throw new Error(describeUnfinishedRestore(unfinished));
  const app = await createApp({
    // Plain lines (no colour codes) when the log goes to a file or a container log.
    logger: new ConsoleLogger({ colors: Boolean(process.stdout.isTTY) }),
    abortOnError: false,
  });
  await app.listen(port, host);
  new Logger('Bootstrap').log(`API listening on http://${host}:${port}/api`);
}

bootstrap().catch((error: unknown) => {
  console.error(`API not started / API nicht gestartet: ${messageOf(error)}`);
  process.exit(1);
});
