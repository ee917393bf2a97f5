// Settings for every stack the browser tests start: limits high enough that
// the tests' many logins and mails are never throttled, fixed addresses the
// mail assertions read.
import { randomBytes } from 'node:crypto';

export const MAIL_TO = 'inhaber@example.ch';
export const MAIL_FROM = 'website@example.ch';

export function stackEnv(
  jwtSecret = randomBytes(32).toString('base64url'),
): Record<string, string> {
  return {
    JWT_SECRET: jwtSecret,
    MAIL_TO,
    MAIL_FROM,
    LOGIN_RATE_LIMIT: '1000',
    MAIL_RATE_LIMIT: '1000',
    NGINX_LOGIN_RATE: '100r/s',
    NGINX_LOGIN_BURST: '200',
    NGINX_MAIL_RATE: '100r/s',
    NGINX_MAIL_BURST: '200',
  };
}
