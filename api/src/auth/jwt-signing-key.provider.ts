import { randomBytes } from 'node:crypto';
import { Logger, Provider } from '@nestjs/common';
import { AppConfig, appConfig } from '../config/app-config';

export const JWT_SIGNING_KEY = Symbol('JWT_SIGNING_KEY');

/** The one HS256 key that both signs (login) and verifies (guard) tokens. */
export const jwtSigningKeyProvider: Provider = {
  provide: JWT_SIGNING_KEY,
  inject: [appConfig.KEY],
  useFactory: (config: AppConfig): string => {
    if (config.jwt.secret) return config.jwt.secret;
    new Logger('Auth').warn(
      'JWT_SECRET is not set: using a random secret for this process; tokens end with a restart',
    );
    return randomBytes(48).toString('base64url');
  },
};
