import { homedir } from 'node:os';
import { join } from 'node:path';
import { parsePasswordHash } from '../passwords/password-hash';
import { isWithin } from '../files/path-within';
import {
  Env,
  EnvReader,
  duration,
  durations,
  flag,
  folder,
  integer,
  megabytes,
  setting,
  text,
} from './env-readers';
import { ageRecipients, file, MAX_KEPT_ARCHIVES, rcloneRemote, signingKey } from './backup-readers';
import { exampleDomainOf } from './example-domains';
import {
  DEFAULT_ACCESS_DIR,
  DEFAULT_BACKUP_DIR,
  DEFAULT_DOCUMENTS_DIR,
  DEFAULT_LETTERS_DIR,
  DEFAULT_MAIL_OUTBOX_DIR,
  DEFAULT_MAIL_SPOOL_DIR,
  DEFAULT_ZIP_CACHE_DIR,
  DEFAULT_STAMP_CACHE_DIR,
  REPO_ROOT,
} from './paths';

const MIN_JWT_SECRET_LENGTH = 32;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const NAMED_ADDRESS = /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/;
// Labels of letters, digits and inner hyphens, at least two, the last not all digits.
const DOMAIN_NAME =
  /^(?=.{1,253}$)([a-z\d]([a-z\d-]{0,61}[a-z\d])?\.)+[a-z]([a-z\d-]{0,61}[a-z\d])?$/i;

function mailAddress<T extends string | undefined>(fallback: T) {
  return setting<string | T>(
    (raw) => (ADDRESS.test(raw) || NAMED_ADDRESS.test(raw) ? raw : undefined),
    { en: 'must be a mail address', de: 'muss eine Mailadresse sein' },
    fallback,
  );
}

// Relative folders are read from the repository root, where .env lives, so
// `DOCUMENTS_DIR=./documents` means the same whatever directory the API starts in.
const directory = (fallback: string) => folder(REPO_ROOT, fallback);

/** Every variable the API reads, how, and its value when unset: the one list of them. */
const SETTINGS = {
  AUTH_USERNAME: text('bewerbung'),
  AUTH_PASSWORD_HASH: setting(
    parsePasswordHash,
    {
      en: 'is not a hash made by `npm run hash-password -w api`',
      de: 'ist kein Hash von `make password`',
    },
    undefined,
  ),
  JWT_SECRET: setting(
    (raw) => (raw.length >= MIN_JWT_SECRET_LENGTH ? raw : undefined),
    {
      en: `must be at least ${MIN_JWT_SECRET_LENGTH} characters long`,
      de: `muss mindestens ${MIN_JWT_SECRET_LENGTH} Zeichen lang sein`,
    },
    undefined,
  ),
  JWT_EXPIRES_IN: duration(2 * HOUR),
  SMTP_HOST: text(undefined),
  SMTP_PORT: integer(undefined, 1, 65535),
  SMTP_USER: text(undefined),
  SMTP_PASS: text(undefined),
  SMTP_SECURE: flag(false),
  MAIL_TO: mailAddress(undefined),
  MAIL_FROM: mailAddress('Portfolio <noreply@example.com>'),
  MAIL_SPOOL_DIR: directory(DEFAULT_MAIL_SPOOL_DIR),
  MAIL_OUTBOX_DIR: directory(DEFAULT_MAIL_OUTBOX_DIR),
  // Waits between delivery attempts; the last one repeats until the maximum age.
  MAIL_RETRY_SCHEDULE: durations([
    10 * SECOND,
    30 * SECOND,
    MINUTE,
    5 * MINUTE,
    15 * MINUTE,
    30 * MINUTE,
  ]),
  MAIL_RETRY_MAX_AGE: duration(3 * DAY),
  MAIL_OUTBOX_MAX_MESSAGES: integer(1000, 1, 1_000_000),
  MAIL_OUTBOX_MAX_MB: megabytes(20, 100_000),
  MAIL_SEND_LEASE: duration(10 * MINUTE),
  DOCUMENTS_DIR: directory(DEFAULT_DOCUMENTS_DIR),
  DOCUMENTS_VIA_NGINX: flag(false),
  ZIP_CACHE_DIR: directory(DEFAULT_ZIP_CACHE_DIR),
  STAMP_CACHE_DIR: directory(DEFAULT_STAMP_CACHE_DIR),
  API_HOST: text('127.0.0.1'),
  API_PORT: integer(3000, 0, 65535),
  LOGIN_RATE_LIMIT: integer(5, 1, 1_000_000),
  LOGIN_ACCOUNT_LIMIT: integer(30, 1, 1_000_000),
  LOGIN_ACCOUNT_WINDOW: duration(10 * MINUTE),
  MAIL_RATE_LIMIT: integer(5, 1, 1_000_000),
  ACCESS_DIR: directory(DEFAULT_ACCESS_DIR),
  LETTERS_DIR: directory(DEFAULT_LETTERS_DIR),
  ACCESS_LOG_RETENTION: duration(180 * DAY),
  ACCESS_LETTER_GRACE: duration(30 * DAY),
  ACCESS_MAIL: flag(true),
  ACCESS_MAIL_INTERVAL: duration(HOUR),
  SITE_URL: setting(
    (raw) => {
      const url = raw.replace(/\/$/, '');
      return /^https?:\/\/[^\s/?#]+$/.test(url) ? url : undefined;
    },
    {
      en: 'must be an address such as https://example.ch',
      de: 'muss eine Adresse sein wie https://example.ch',
    },
    undefined,
  ),
  // A host name as certbot and the browsers' passkeys take it: no scheme, port or path.
  DOMAIN: setting(
    (raw) => (DOMAIN_NAME.test(raw) ? raw.toLowerCase() : undefined),
    {
      en: 'must be a domain name such as example.ch (no https://, port or path)',
      de: 'muss ein Domainname sein wie example.ch (ohne https://, Port oder Pfad)',
    },
    undefined,
  ),
  WEB_PORT: integer(8080, 1, 65535),
  // Read by the backup tool (api/src/backup), not by the API.
  BACKUP_DIR: directory(DEFAULT_BACKUP_DIR),
  BACKUP_KEEP: integer(7, 1, MAX_KEPT_ARCHIVES),
  BACKUP_DOCUMENTS: flag(true),
  BACKUP_AGE_RECIPIENTS: ageRecipients(),
  BACKUP_SIGNING_KEY: signingKey(),
  BACKUP_REMOTE: rcloneRemote(),
  // Where `rclone config` writes by default; compose mounts the same path.
  BACKUP_RCLONE_CONFIG: file(REPO_ROOT, join(homedir(), '.config', 'rclone', 'rclone.conf')),
  BACKUP_MAX_AGE: duration(2 * DAY),
};

/** Every variable the API reads; tests use it to start from a clean slate. */
export const CONFIG_KEYS = Object.keys(SETTINGS) as (keyof typeof SETTINGS)[];

type Reader = EnvReader<typeof SETTINGS>;

// Compose's own Mailpit: the owner's inbox in the default setup, not a real mail server.
const MAILPIT_HOST = 'mailpit';
// Nor is a server on this machine's loopback: make local's sink and the tests' servers,
// which keep every mail whatever its address. In a container nothing else listens there.
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Whether mail sent to `host` leaves this machine for the addresses it names. */
const deliversForReal = (host: string | undefined): host is string =>
  Boolean(host) && host !== MAILPIT_HOST && !LOOPBACK_HOST.test(host ?? '');

// One rule for an empty SMTP_PORT, wherever the API runs (docs/faults.md, configuration):
// Mailpit's 1025, else 465 for SMTP_SECURE (TLS from the start), else 587 (STARTTLS).
function defaultSmtpPort(host: string | undefined, secure: boolean): number {
  if (host === MAILPIT_HOST) return 1025;
  return secure ? 465 : 587;
}

function readSmtp(reader: Reader) {
  const host = reader.read('SMTP_HOST');
  const user = reader.read('SMTP_USER');
  const pass = reader.read('SMTP_PASS');
  if (Boolean(user) !== Boolean(pass))
    reader.problem(
      'SMTP_USER and SMTP_PASS go together',
      'SMTP_USER und SMTP_PASS gehören zusammen',
    );
  const secure = reader.read('SMTP_SECURE');
  return {
    host,
    port: reader.read('SMTP_PORT') ?? defaultSmtpPort(host, secure),
    secure,
    auth: user && pass ? { user, pass } : undefined,
  };
}

// With a real mail server the owner's addresses must be real: a placeholder would send every
// contact message into the void while the form says "sent".
function readMailTo(reader: Reader, smtpHost: string | undefined): string {
  const to = reader.read('MAIL_TO');
  if (!reader.isSet('MAIL_TO') && deliversForReal(smtpHost))
    reader.problem(
      `MAIL_TO must be set: SMTP_HOST (${smtpHost}) would deliver to nobody`,
      `MAIL_TO fehlt: SMTP_HOST (${smtpHost}) würde an niemanden zustellen`,
    );
  else if (to) refuseExampleAddress(reader, 'MAIL_TO', to, smtpHost);
  return to ?? 'owner@example.com';
}

function readMailFrom(reader: Reader, smtpHost: string | undefined): string {
  const from = reader.read('MAIL_FROM');
  refuseExampleAddress(reader, 'MAIL_FROM', from, smtpHost);
  return from;
}

// One line per address, naming the setting, whether .env or the default gave it.
function refuseExampleAddress(
  reader: Reader,
  name: 'MAIL_TO' | 'MAIL_FROM',
  address: string,
  smtpHost: string | undefined,
): void {
  const domain = exampleDomainOf(address);
  if (domain && deliversForReal(smtpHost))
    reader.problem(
      `${name} (${address}) is a placeholder at ${domain}, a domain reserved for examples: set your own address, as SMTP_HOST (${smtpHost}) would send it for real`,
      `${name} (${address}) ist ein Platzhalter bei ${domain}, einer Domain für Beispiele: eigene Adresse eintragen, denn SMTP_HOST (${smtpHost}) würde wirklich senden`,
    );
}

// nginx reads LETTERS_DIR (docs/architecture.md#a-companys-own-documents): the access store,
// with its code hashes and passkeys, must lie outside it. Inside the access store is fine.
function readAccessStores(reader: Reader): { dir: string; lettersDir: string } {
  const dir = reader.read('ACCESS_DIR');
  const lettersDir = reader.read('LETTERS_DIR');
  if (isWithin(lettersDir, dir))
    reader.problem(
      `LETTERS_DIR (${lettersDir}) holds ACCESS_DIR (${dir}): nginx reads LETTERS_DIR, so the access store with its code hashes and passkeys must lie outside it`,
      `LETTERS_DIR (${lettersDir}) enthält ACCESS_DIR (${dir}): nginx liest LETTERS_DIR, die Zugänge mit ihren Codes und Passkeys gehören ausserhalb`,
    );
  return { dir, lettersDir };
}

// The address printed in access links: SITE_URL, else the domain of automatic HTTPS, else
// the local site on WEB_PORT (docs/product.md#personal-access-links).
function readSiteUrl(reader: Reader): string {
  const explicit = reader.read('SITE_URL');
  // Checked even beside SITE_URL: certbot asks for a certificate for it.
  const domain = reader.read('DOMAIN');
  if (explicit) return explicit;
  if (domain) return `https://${domain}`;
  return `http://localhost:${reader.read('WEB_PORT')}`;
}

/** Reads and validates the whole configuration; throws listing every problem. */
export function parseAppConfig(env: Env) {
  const reader = new EnvReader(SETTINGS, env);
  const smtp = readSmtp(reader);
  const config = {
    auth: {
      username: reader.read('AUTH_USERNAME'),
      passwordHash: reader.read('AUTH_PASSWORD_HASH'),
      lockout: {
        limit: reader.read('LOGIN_ACCOUNT_LIMIT'),
        windowMs: reader.read('LOGIN_ACCOUNT_WINDOW'),
      },
    },
    jwt: {
      secret: reader.read('JWT_SECRET'),
      expiresInMs: reader.read('JWT_EXPIRES_IN'),
    },
    smtp,
    mail: {
      // Decided here once: with a mail server, mail waits in the outbox until it takes it;
      // without one, it is written as an .eml file to the spool.
      route: (smtp.host ? 'outbox' : 'spool') as 'outbox' | 'spool',
      to: readMailTo(reader, smtp.host),
      from: readMailFrom(reader, smtp.host),
      spoolDir: reader.read('MAIL_SPOOL_DIR'),
      outboxDir: reader.read('MAIL_OUTBOX_DIR'),
      outbox: {
        maxMessages: reader.read('MAIL_OUTBOX_MAX_MESSAGES'),
        maxBytes: reader.read('MAIL_OUTBOX_MAX_MB'),
        sendLeaseMs: reader.read('MAIL_SEND_LEASE'),
      },
      retry: {
        scheduleMs: reader.read('MAIL_RETRY_SCHEDULE'),
        maxAgeMs: reader.read('MAIL_RETRY_MAX_AGE'),
      },
    },
    documents: {
      dir: reader.read('DOCUMENTS_DIR'),
      zipCacheDir: reader.read('ZIP_CACHE_DIR'),
      stampCacheDir: reader.read('STAMP_CACHE_DIR'),
      // Behind the project's nginx: answer downloads with X-Accel-Redirect.
      viaNginx: reader.read('DOCUMENTS_VIA_NGINX'),
    },
    server: {
      host: reader.read('API_HOST'),
      port: reader.read('API_PORT'),
    },
    access: {
      ...readAccessStores(reader),
      logRetentionMs: reader.read('ACCESS_LOG_RETENTION'),
      letterGraceMs: reader.read('ACCESS_LETTER_GRACE'),
      mail: reader.read('ACCESS_MAIL'),
      mailIntervalMs: reader.read('ACCESS_MAIL_INTERVAL'),
      siteUrl: readSiteUrl(reader),
    },
    rateLimits: {
      login: { limit: reader.read('LOGIN_RATE_LIMIT'), ttlMs: MINUTE },
      mail: { limit: reader.read('MAIL_RATE_LIMIT'), ttlMs: 10 * MINUTE },
      // The owner's taps to confirm a change: a busy minute on the page takes a few.
      confirm: { limit: 30, ttlMs: MINUTE },
    },
    // Checked at start like every setting of .env, though only the backup tool uses it.
    backup: readBackup(reader),
  };
  if (reader.problems.length > 0) throw new Error(reader.describeProblems());
  return config;
}

function readBackup(reader: Reader) {
  const recipients = reader.read('BACKUP_AGE_RECIPIENTS');
  const remote = reader.read('BACKUP_REMOTE');
  return {
    dir: reader.read('BACKUP_DIR'),
    keep: reader.read('BACKUP_KEEP'),
    documents: reader.read('BACKUP_DOCUMENTS'),
    recipients,
    signingKey: reader.read('BACKUP_SIGNING_KEY'),
    remote,
    rcloneConfig: reader.read('BACKUP_RCLONE_CONFIG'),
    maxAgeMs: reader.read('BACKUP_MAX_AGE'),
    // Where make local keeps its stores, and the documents as written in .env.
    accessDir: reader.read('ACCESS_DIR'),
    lettersDir: reader.read('LETTERS_DIR'),
    outboxDir: reader.read('MAIL_OUTBOX_DIR'),
    documentsDir: reader.isSet('DOCUMENTS_DIR') ? reader.raw('DOCUMENTS_DIR') : undefined,
  };
}

export type BackupConfig = ReturnType<typeof readBackup>;

/**
 * Who a mail of the owner's tools goes to, and from: only the settings that
 * decide it, so a malformed other setting still lets a tool tell the owner.
 */
export function readOwnerMail(env: Env): { from: string; to: string } {
  const reader = new EnvReader(SETTINGS, env);
  const smtpHost = reader.read('SMTP_HOST');
  const mail = { to: readMailTo(reader, smtpHost), from: readMailFrom(reader, smtpHost) };
  if (reader.problems.length > 0) throw new Error(reader.describeProblems());
  return mail;
}

/**
 * The backup tool's settings alone: a backup does not depend on the mail
 * settings being right. `problems`: one German line, or none; a value that
 * does not parse reads as its default.
 */
export function readBackupConfig(env: Env): { config: BackupConfig; problems?: string } {
  const reader = new EnvReader(SETTINGS, env);
  const config = readBackup(reader);
  if (reader.germanProblems.length === 0) return { config };
  return { config, problems: `Ungültige Einstellung: ${reader.germanProblems.join('; ')}.` };
}

/** The same, refusing any problem in one German line, for the owner's command. */
export function parseBackupConfig(env: Env): BackupConfig {
  const { config, problems } = readBackupConfig(env);
  if (problems) throw new Error(problems);
  return config;
}

/** The token the app's configuration is injected by: `@Inject(appConfig.KEY)` (config.module.ts). */
export const appConfig = { KEY: 'app-config' } as const;

export type AppConfig = ReturnType<typeof parseAppConfig>;
