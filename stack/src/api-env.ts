// The environment handed to the API child: every variable the API reads is
// set explicitly (empty = unset for the API), so the API's own reading of
// the repository's .env cannot slip values past the launcher.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '@portfolio/api/password-hash';
import { CONFIG_KEYS } from '@portfolio/api/config';

export interface ApiEnvInput {
  /** Configuration from .env / environment / caller, already merged. */
  config: Record<string, string>;
  apiPort: number;
  /** nginx's port: the site's own address (http://localhost:<port>) unless SITE_URL says otherwise. */
  webPort: number;
  /** Login password to hash, or undefined to keep the configured hash. */
  password: string | undefined;
  smtp: { host: string; port: number } | undefined;
  spoolDir: string;
  /** The mail outbox; undefined keeps MAIL_OUTBOX_DIR or the API's default (.local/). */
  outboxDir: string | undefined;
  /** Where the API keeps documents.zip and the stamped PDFs; nginx sends them from there. */
  zipCacheDir: string;
  stampCacheDir: string;
  /** Where the API keeps the companies' own PDFs; nginx sends them from there. */
  lettersDir: string;
  /** Access links and their log; undefined keeps ACCESS_DIR or the API's default (.local/). */
  accessDir: string | undefined;
}

export async function apiEnvironment(input: ApiEnvInput): Promise<Record<string, string>> {
  const { config } = input;
  const values: Record<string, string> = { ...config };
  values.API_HOST = '127.0.0.1';
  values.API_PORT = String(input.apiPort);
  // Access links and the owner's passkeys name the address the stack really serves.
  if (!config.WEB_PORT) values.WEB_PORT = String(input.webPort);
  values.MAIL_SPOOL_DIR = input.spoolDir;
  // nginx sends the documents' bytes (X-Accel-Redirect), as in compose.
  values.DOCUMENTS_VIA_NGINX = 'true';
  values.ZIP_CACHE_DIR = input.zipCacheDir;
  values.STAMP_CACHE_DIR = input.stampCacheDir;
  values.LETTERS_DIR = input.lettersDir;
  if (input.outboxDir && !config.MAIL_OUTBOX_DIR) values.MAIL_OUTBOX_DIR = input.outboxDir;
  if (input.accessDir && !config.ACCESS_DIR) values.ACCESS_DIR = input.accessDir;
  values.JWT_SECRET = config.JWT_SECRET ?? randomBytes(32).toString('base64url');
  if (input.password !== undefined) values.AUTH_PASSWORD_HASH = await hashPassword(input.password);
  if (input.smtp) {
    values.SMTP_HOST = input.smtp.host;
    values.SMTP_PORT = String(input.smtp.port);
    values.SMTP_SECURE = 'false';
    values.SMTP_USER = '';
    values.SMTP_PASS = '';
    // The sink keeps every mail, whoever it is addressed to, like compose's Mailpit.
    values.MAIL_TO = config.MAIL_TO || 'owner@example.com';
  }
  const env: Record<string, string> = {};
  for (const key of CONFIG_KEYS) env[key] = values[key] ?? '';
  return env;
}
