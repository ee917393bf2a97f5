// Settings for every stack the browser tests start: no throttling of the
// tests' many logins and mails, fixed addresses the mail assertions read.
import { randomBytes } from 'node:crypto';
import { UNTHROTTLED_ENV } from '@portfolio/stack';

export const MAIL_TO = 'inhaber@example.ch';
export const MAIL_FROM = 'website@example.ch';

export function stackEnv(
  jwtSecret = randomBytes(32).toString('base64url'),
): Record<string, string> {
  return {
    JWT_SECRET: jwtSecret,
    MAIL_TO,
    MAIL_FROM,
    ...UNTHROTTLED_ENV,
  };
}
