/**
 * Rate limits for stacks started by the browser tests and the bench: high
 * enough that their many logins and mails measure serving, never refusing.
 * Passed as `startStack({ env })`; the limits themselves are tested in the
 * API and delivery suites.
 */
export const UNTHROTTLED_ENV: Record<string, string> = {
  LOGIN_RATE_LIMIT: '1000000',
  MAIL_RATE_LIMIT: '1000000',
  NGINX_LOGIN_RATE: '100000r/s',
  NGINX_LOGIN_BURST: '100000',
  NGINX_MAIL_RATE: '100000r/s',
  NGINX_MAIL_BURST: '100000',
};
