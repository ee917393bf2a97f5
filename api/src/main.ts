import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.setup';
import { AppConfig, appConfig } from './config/app-config';

async function bootstrap(): Promise<void> {
  const app = await createApp();
  const { host, port } = app.get<AppConfig>(appConfig.KEY).server;
  await app.listen(port, host);
  new Logger('Bootstrap').log(`API listening on http://${host}:${port}/api`);
}

bootstrap().catch((error: unknown) => {
  // Configuration errors carry a message meant for the operator; print it plainly.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
