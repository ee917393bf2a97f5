// The nginx configuration for the system nginx: the settings become the
// environment of nginx/render-config.sh, the renderer the web image's entry
// point runs too, so the native stack serves exactly what the image would.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { readEnvFile } from './env-file';
import { nginxDefaultsFile, nginxDir } from './paths';

const run = promisify(execFile);

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
  stampCacheRoot?: string;
  lettersRoot?: string;
  /** Address nginx listens on for HTTP, e.g. "127.0.0.1:8080". */
  listen: string;
  /** Access log path, or "off" (default). */
  accessLog?: string;
  /** Overrides of nginx/defaults.env (NGINX_LOGIN_RATE, NGINX_CONN_LIMIT, …); other names are ignored. */
  limits?: Record<string, string | undefined>;
  tls?: NginxTlsSettings;
  /** TRUSTED_PROXIES: addresses or CIDR ranges (commas or spaces) whose X-Forwarded-For counts. */
  trustedProxies?: string;
}

/**
 * Writes nginx.conf and its includes into `settings.runDir` and returns the
 * path of nginx.conf; the HTTPS server when TLS settings are given. Rejects
 * with the renderer's reason when a setting is malformed.
 */
export async function renderNginxConfig(settings: NginxSettings): Promise<string> {
  const { runDir, tls, limits = {} } = settings;
  // Only the tunable limits pass: the renderer reads nothing else from the caller's configuration.
  const tunables = Object.keys(readEnvFile(nginxDefaultsFile)).filter((name) => limits[name]);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...Object.fromEntries(tunables.map((name) => [name, limits[name] as string])),
    NGINX_RUN_DIR: runDir,
    NGINX_ACCESS_LOG: settings.accessLog ?? 'off',
    NGINX_RESOLVER: '127.0.0.1',
    WEB_ROOT: settings.webRoot,
    API_UPSTREAM: settings.apiUpstream,
    WEB_LISTEN: settings.listen,
    ACME_WEBROOT: tls?.acmeWebroot ?? path.join(runDir, 'acme'),
    DOCUMENTS_ROOT: settings.documentsRoot ?? path.join(runDir, 'documents'),
    ZIP_CACHE_ROOT: settings.zipCacheRoot ?? path.join(runDir, 'zip-cache'),
    STAMP_CACHE_ROOT: settings.stampCacheRoot ?? path.join(runDir, 'stamp-cache'),
    LETTERS_ROOT: settings.lettersRoot ?? path.join(runDir, 'letters'),
    TRUSTED_PROXIES: settings.trustedProxies ?? '',
    ...(tls && {
      TLS_LISTEN: tls.listen,
      TLS_CERT_FILE: tls.certFile,
      TLS_KEY_FILE: tls.keyFile,
      HTTPS_PORT: String(tls.publicPort ?? 443),
    }),
  };
  const script = path.join(nginxDir, 'render-config.sh');
  try {
    await run('sh', [script, runDir, tls ? 'tls' : 'plain'], { env });
  } catch (error) {
    // The script's one line says which setting is wrong; execFile's message would bury it.
    const { stderr } = error as { stderr?: string };
    throw new Error(stderr?.trim() || (error as Error).message, { cause: error });
  }
  return path.join(runDir, 'nginx.conf');
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
