// The app's configuration, read once when the app is created: the
// environment over .env (config/env-file.ts, the same reading as every
// command's), validated, so a malformed value stops the start.
import { Global, Module } from '@nestjs/common';
import { appConfig, parseAppConfig } from './app-config';
import { withEnvFile } from './env-file';
import { ENV_FILE } from './paths';

/** The environment the API reads its settings from. */
export const apiEnv = () => withEnvFile(process.env, ENV_FILE);

@Global()
@Module({
  providers: [{ provide: appConfig.KEY, useFactory: () => parseAppConfig(apiEnv()) }],
  exports: [appConfig.KEY],
})
export class AppConfigModule {}
