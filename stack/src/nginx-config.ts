// Renders the nginx templates (nginx/templates) into a run directory for the
// system nginx, the same way nginx/docker-entrypoint.sh does in the web image.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readEnvFile } from './env-file';
import { nginxDefaultsFile, nginxTemplateDir } from './paths';

export interface NginxTlsSettings {
  certFile: string;
  keyFile: string;
  /** Address nginx listens on for HTTPS, e.g. "127.0.0.1:8443". */
  listen: string;
  /** Port browsers use for HTTPS; the HTTP redirect points there (default 443). */
  publicPort?: number;
  /** Folder served under /.well-known/acme-challenge/ on plain HTTP. */
  acmeWebroot?: string;
}

export interface NginxSettings {
  /** Writable folder for the rendered files, pid and temp files. */
  runDir: string;
  /** The built web bundle. */
  webRoot: string;
  /** host:port of the API. */
  apiUpstream: string;
  /** Folders nginx sends files from when the API answers X-Accel-Redirect. */
  documentsRoot?: string;
  zipCacheRoot?: string;
  /** Address nginx listens on for HTTP, e.g. "127.0.0.1:8080". */
  listen: string;
  /** Access log path, or "off" (default). */
  accessLog?: string;
  /** Overrides of nginx/defaults.env (NGINX_LOGIN_RATE, NGINX_CONN_LIMIT, …). */
  limits?: Record<string, string | undefined>;
  tls?: NginxTlsSettings;
  /** TRUSTED_PROXIES: addresses or CIDR ranges (commas or spaces) whose X-Forwarded-For counts. */
  trustedProxies?: string;
}

const PLACEHOLDER = /\$\{([A-Z][A-Z0-9_]*)\}/g;
const RATE = /^\d+r\/[sm]$/;
const LIMIT_NAMES = [
  'NGINX_LOGIN_RATE',
  'NGINX_LOGIN_BURST',
  'NGINX_MAIL_RATE',
  'NGINX_MAIL_BURST',
  'NGINX_CONN_LIMIT',
];

/** The tunable limits: nginx/defaults.env, overridden by `overrides`. */
export function nginxLimits(overrides: Record<string, string | undefined> = {}) {
  const values: Record<string, string> = { ...readEnvFile(nginxDefaultsFile) };
  for (const name of LIMIT_NAMES) {
    const value = overrides[name];
    if (value !== undefined && value !== '') values[name] = value;
    const result = values[name] ?? '';
    const valid = name.endsWith('_RATE') ? RATE.test(result) : /^\d+$/.test(result);
    if (!valid)
      throw new Error(
        `${name} must be ${name.endsWith('_RATE') ? 'like 10r/m' : 'a number'}, got "${result}"`,
      );
  }
  return values;
}

/** The values of every placeholder the templates use. */
export function nginxVariables(settings: NginxSettings): Record<string, string> {
  const { tls } = settings;
  const publicPort = tls?.publicPort ?? 443;
  return {
    ...nginxLimits(settings.limits),
    NGINX_RUN_DIR: settings.runDir,
    // access_log's arguments: the file in the template's short format, or off.
    ACCESS_LOG_ARGS:
      settings.accessLog && settings.accessLog !== 'off'
        ? `${settings.accessLog} portfolio`
        : 'off',
    NGINX_RESOLVER: '127.0.0.1',
    WEB_ROOT: settings.webRoot,
    API_UPSTREAM: settings.apiUpstream,
    WEB_LISTEN: settings.listen,
    TLS_LISTEN: tls?.listen ?? '',
    TLS_CERT_FILE: tls?.certFile ?? '',
    TLS_KEY_FILE: tls?.keyFile ?? '',
    HTTPS_REDIRECT_PORT: publicPort === 443 ? '' : `:${publicPort}`,
    ACME_WEBROOT: tls?.acmeWebroot ?? path.join(settings.runDir, 'acme'),
    DOCUMENTS_ROOT: settings.documentsRoot ?? path.join(settings.runDir, 'documents'),
    ZIP_CACHE_ROOT: settings.zipCacheRoot ?? path.join(settings.runDir, 'zip-cache'),
  };
}

/** Fills the placeholders; an unknown one is an error, not a blank. */
export function renderTemplate(text: string, variables: Record<string, string>, file: string) {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`${file}: no value for \${${name}}`);
    return value;
  });
}

/** real-ip.conf, as nginx/docker-entrypoint.sh renders it from TRUSTED_PROXIES. */
export function renderRealIp(trustedProxies = ''): string {
  const proxies = trustedProxies.split(/[\s,]+/).filter(Boolean);
  const bad = proxies.find((proxy) => /[^0-9a-fA-F:./]/.test(proxy));
  if (bad) throw new Error(`TRUSTED_PROXIES: "${bad}" is not an address or CIDR range`);
  const lines = [
    '# Rendered from TRUSTED_PROXIES.',
    ...proxies.map((p) => `set_real_ip_from ${p};`),
  ];
  if (proxies.length > 0) lines.push('real_ip_header X-Forwarded-For;', 'real_ip_recursive on;');
  return `${lines.join('\n')}\n`;
}

/**
 * Writes nginx.conf and its includes into `settings.runDir` and returns the
 * path of nginx.conf. servers/plain.conf or servers/tls.conf becomes
 * server.conf, depending on whether TLS settings are given.
 */
export async function renderNginxConfig(settings: NginxSettings): Promise<string> {
  const variables = nginxVariables(settings);
  await mkdir(settings.runDir, { recursive: true });
  const files = (await readdir(nginxTemplateDir)).filter((name) => name.endsWith('.conf'));
  const server = path.join('servers', settings.tls ? 'tls.conf' : 'plain.conf');
  const targets: Array<[string, string]> = [
    ...files.map((name): [string, string] => [name, name]),
    [server, 'server.conf'],
  ];
  for (const [source, target] of targets) {
    const text = await readFile(path.join(nginxTemplateDir, source), 'utf8');
    await writeFile(path.join(settings.runDir, target), renderTemplate(text, variables, source));
  }
  await writeFile(
    path.join(settings.runDir, 'real-ip.conf'),
    renderRealIp(settings.trustedProxies),
  );
  return path.join(settings.runDir, 'nginx.conf');
}

/** NGINX_BIN, else Debian's /usr/sbin/nginx, else nginx from the PATH. */
export function nginxBinary(): string {
  const configured = process.env.NGINX_BIN;
  if (configured) return configured;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
}

/** Arguments that start nginx on a rendered run directory (add -t to check it). */
export function nginxArgs(confFile: string): string[] {
  return ['-e', 'stderr', '-p', path.dirname(confFile), '-c', confFile];
}
