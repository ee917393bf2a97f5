import { isAbsolute, resolve } from 'node:path';
import { ConfigType, registerAs } from '@nestjs/config';
import { ParsedPasswordHash, parsePasswordHash } from '../auth/password-hash';
import { parseDurationList, parseDurationSeconds } from './duration';
import { Env, EnvReader } from './env-readers';
import {
  DEFAULT_ACCESS_DIR,
  DEFAULT_DOCUMENTS_DIR,
  DEFAULT_MAIL_OUTBOX_DIR,
  DEFAULT_MAIL_SPOOL_DIR,
  DEFAULT_ZIP_CACHE_DIR,
  REPO_ROOT,
} from './paths';

/** Every variable the API reads; tests use it to start from a clean slate. */
export const CONFIG_KEYS = [
  'AUTH_USERNAME',
  'AUTH_PASSWORD_HASH',
  'JWT_SECRET',
  'JWT_EXPIRES_IN',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_USER',
  'SMTP_PASS',
  'SMTP_SECURE',
  'MAIL_TO',
  'MAIL_FROM',
  'MAIL_SPOOL_DIR',
  'MAIL_OUTBOX_DIR',
  'MAIL_RETRY_SCHEDULE',
  'MAIL_RETRY_MAX_AGE',
  'MAIL_OUTBOX_MAX_MESSAGES',
  'MAIL_OUTBOX_MAX_MB',
  'MAIL_SEND_LEASE',
  'DOCUMENTS_DIR',
  'DOCUMENTS_VIA_NGINX',
  'ZIP_CACHE_DIR',
  'API_HOST',
  'API_PORT',
  'LOGIN_RATE_LIMIT',
  'LOGIN_ACCOUNT_LIMIT',
  'LOGIN_ACCOUNT_WINDOW',
  'MAIL_RATE_LIMIT',
  'ACCESS_DIR',
  'ACCESS_LOG_RETENTION',
  'ACCESS_MAIL',
  'ACCESS_MAIL_INTERVAL',
  'SITE_URL',
  'DOMAIN',
  'WEB_PORT',
] as const;

const MIN_JWT_SECRET_LENGTH = 32;
/** Waits between delivery attempts; the last one repeats until the maximum age. */
const DEFAULT_RETRY_SCHEDULE_SECONDS = [10, 30, 60, 300, 900, 1800];
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const NAMED_ADDRESS = /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/;

function mailAddress(raw: string): string | undefined {
  return ADDRESS.test(raw) || NAMED_ADDRESS.test(raw) ? raw : undefined;
}

// Relative folders are read from the repository root, where .env lives, so
// `DOCUMENTS_DIR=./documents` means the same whatever directory the API starts in.
function directory(raw: string): string {
  return isAbsolute(raw) ? raw : resolve(REPO_ROOT, raw);
}

// Compose's own Mailpit: the owner's inbox in the default setup, not a real mail server.
const MAILPIT_HOST = 'mailpit';

// One rule for an empty SMTP_PORT, wherever the API runs (docs/faults.md, configuration):
// Mailpit's 1025, else 465 for SMTP_SECURE (TLS from the start), else 587 (STARTTLS).
function defaultSmtpPort(host: string | undefined, secure: boolean): number {
  if (host === MAILPIT_HOST) return 1025;
  return secure ? 465 : 587;
}

function readSmtp(reader: EnvReader) {
  const host = reader.optional('SMTP_HOST');
  const user = reader.optional('SMTP_USER');
  const pass = reader.optional('SMTP_PASS');
  if (Boolean(user) !== Boolean(pass)) reader.problems.push('SMTP_USER and SMTP_PASS go together');
  const secure = reader.boolean('SMTP_SECURE', false);
  return {
    host,
    port: reader.integer('SMTP_PORT', defaultSmtpPort(host, secure), 1, 65535),
    secure,
    auth: user && pass ? { user, pass } : undefined,
  };
}

// With a real mail server the owner's address must be real: a placeholder would send every
// contact message into the void while the form says "sent".
function readMailTo(reader: EnvReader, smtpHost: string | undefined): string {
  const to = reader.parsed('MAIL_TO', mailAddress, 'must be a mail address');
  if (!reader.optional('MAIL_TO') && smtpHost && smtpHost !== MAILPIT_HOST)
    reader.problems.push(`MAIL_TO must be set: SMTP_HOST (${smtpHost}) would deliver to nobody`);
  return to ?? 'owner@example.com';
}

function readOutbox(reader: EnvReader) {
  return {
    maxMessages: reader.integer('MAIL_OUTBOX_MAX_MESSAGES', 1000, 1, 1_000_000),
    maxBytes: reader.integer('MAIL_OUTBOX_MAX_MB', 20, 1, 100_000) * 1024 * 1024,
    sendLeaseMs:
      (reader.parsed('MAIL_SEND_LEASE', parseDurationSeconds, 'must look like 10m, 1h or 600') ??
        600) * 1000,
  };
}

// The address printed in access links: SITE_URL, else the domain of automatic HTTPS, else
// the local site on WEB_PORT (docs/product.md#personal-access-links).
function readSiteUrl(reader: EnvReader): string {
  const explicit = reader.parsed(
    'SITE_URL',
    (raw) =>
      /^https?:\/\/[^\s/?#]+$/.test(raw.replace(/\/$/, '')) ? raw.replace(/\/$/, '') : undefined,
    'must be an address such as https://example.ch',
  );
  if (explicit) return explicit;
  const domain = reader.optional('DOMAIN');
  if (domain) return `https://${domain}`;
  return `http://localhost:${reader.integer('WEB_PORT', 8080, 1, 65535)}`;
}

function readAccess(reader: EnvReader) {
  const duration = (name: string, fallbackSeconds: number) =>
    (reader.parsed(name, parseDurationSeconds, 'must look like 180d, 12h or 30m') ??
      fallbackSeconds) * 1000;
  return {
    dir: directory(reader.string('ACCESS_DIR', DEFAULT_ACCESS_DIR)),
    logRetentionMs: duration('ACCESS_LOG_RETENTION', 180 * 86400),
    mail: reader.boolean('ACCESS_MAIL', true),
    mailIntervalMs: duration('ACCESS_MAIL_INTERVAL', 3600),
    siteUrl: readSiteUrl(reader),
  };
}

/** Reads and validates the whole configuration; throws listing every problem. */
export function parseAppConfig(env: Env) {
  const reader = new EnvReader(env);
  const passwordHash: ParsedPasswordHash | undefined = reader.parsed(
    'AUTH_PASSWORD_HASH',
    parsePasswordHash,
    'is not a hash made by `npm run hash-password -w api`',
  );
  const jwtSecret = reader.parsed(
    'JWT_SECRET',
    (raw) => (raw.length >= MIN_JWT_SECRET_LENGTH ? raw : undefined),
    `must be at least ${MIN_JWT_SECRET_LENGTH} characters long`,
  );
  const smtp = readSmtp(reader);
  const config = {
    auth: {
      username: reader.string('AUTH_USERNAME', 'bewerbung'),
      passwordHash,
      lockout: {
        limit: reader.integer('LOGIN_ACCOUNT_LIMIT', 30, 1, 1_000_000),
        windowMs:
          (reader.parsed(
            'LOGIN_ACCOUNT_WINDOW',
            parseDurationSeconds,
            'must look like 10m, 1h or 600',
          ) ?? 600) * 1000,
      },
    },
    jwt: {
      secret: jwtSecret,
      expiresInSeconds:
        reader.parsed(
          'JWT_EXPIRES_IN',
          parseDurationSeconds,
          'must look like 2h, 30m, 1d or 7200',
        ) ?? 2 * 3600,
    },
    smtp,
    mail: {
      // Decided here once: with a mail server, mail waits in the outbox until it takes it;
      // without one, it is written as an .eml file to the spool.
      route: (smtp.host ? 'outbox' : 'spool') as 'outbox' | 'spool',
      to: readMailTo(reader, smtp.host),
      from:
        reader.parsed('MAIL_FROM', mailAddress, 'must be a mail address') ??
        'Portfolio <noreply@example.com>',
      spoolDir: directory(reader.string('MAIL_SPOOL_DIR', DEFAULT_MAIL_SPOOL_DIR)),
      outboxDir: directory(reader.string('MAIL_OUTBOX_DIR', DEFAULT_MAIL_OUTBOX_DIR)),
      outbox: readOutbox(reader),
      retry: {
        scheduleSeconds:
          reader.parsed(
            'MAIL_RETRY_SCHEDULE',
            parseDurationList,
            'must be a comma-separated list such as 10s,30s,1m,5m,30m',
          ) ?? DEFAULT_RETRY_SCHEDULE_SECONDS,
        maxAgeSeconds:
          reader.parsed(
            'MAIL_RETRY_MAX_AGE',
            parseDurationSeconds,
            'must look like 3d, 12h or 30m',
          ) ?? 3 * 86400,
      },
    },
    documents: {
      dir: directory(reader.string('DOCUMENTS_DIR', DEFAULT_DOCUMENTS_DIR)),
      zipCacheDir: directory(reader.string('ZIP_CACHE_DIR', DEFAULT_ZIP_CACHE_DIR)),
      // Behind the project's nginx: answer downloads with X-Accel-Redirect.
      viaNginx: reader.boolean('DOCUMENTS_VIA_NGINX', false),
    },
    server: {
      host: reader.string('API_HOST', '127.0.0.1'),
      port: reader.integer('API_PORT', 3000, 0, 65535),
    },
    access: readAccess(reader),
    rateLimits: {
      login: { limit: reader.integer('LOGIN_RATE_LIMIT', 5, 1, 1_000_000), ttlMs: 60_000 },
      mail: { limit: reader.integer('MAIL_RATE_LIMIT', 5, 1, 1_000_000), ttlMs: 600_000 },
    },
  };
  if (reader.problems.length > 0) {
    throw new Error(`Invalid configuration:\n- ${reader.problems.join('\n- ')}`);
  }
  return config;
}

export const appConfig = registerAs('app', () => parseAppConfig(process.env));

export type AppConfig = ConfigType<typeof appConfig>;
