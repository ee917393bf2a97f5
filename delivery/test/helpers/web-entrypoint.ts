// The web image's entry point run natively, in the automatic-HTTPS mode:
// nginx on plain HTTP until a usable certificate is in `certsDir`, then HTTPS.
import path from 'node:path';
import {
  type LogSink,
  type ManagedProcess,
  nginxBinary,
  nginxDir,
  startProcess,
  waitForHttp,
} from '@portfolio/stack';

/** PATH with the directory of the nginx binary the tests use first. */
export const PATH_WITH_NGINX = `${path.dirname(nginxBinary())}:${process.env.PATH ?? ''}`;

export interface WebEntrypointOptions {
  runDir: string;
  webRoot: string;
  apiUpstream: string;
  httpPort: number;
  httpsPort: number;
  domain: string;
  certsDir: string;
  /** Further variables, such as ACME_WEBROOT. */
  env?: Record<string, string>;
  log?: LogSink;
}

export async function startWebEntrypoint(options: WebEntrypointOptions): Promise<ManagedProcess> {
  const web = startProcess(
    'web',
    'sh',
    [path.join(nginxDir, 'docker-entrypoint.sh'), 'nginx'],
    {
      env: {
        PATH: PATH_WITH_NGINX,
        PORTFOLIO_NGINX_DIR: nginxDir,
        NGINX_RUN_DIR: options.runDir,
        WEB_ROOT: options.webRoot,
        API_UPSTREAM: options.apiUpstream,
        NGINX_RESOLVER: '127.0.0.1',
        NGINX_ACCESS_LOG: 'off',
        WEB_LISTEN: `127.0.0.1:${options.httpPort}`,
        TLS_LISTEN: `127.0.0.1:${options.httpsPort}`,
        HTTPS_PORT: String(options.httpsPort),
        DOMAIN: options.domain,
        TLS_CERT_FILE: path.join(options.certsDir, 'fullchain.pem'),
        TLS_KEY_FILE: path.join(options.certsDir, 'privkey.pem'),
        TLS_WATCH_SECONDS: '1',
        ...options.env,
      },
    },
    options.log ?? (() => undefined),
  );
  await waitForHttp(`http://127.0.0.1:${options.httpPort}/nginx-health`, web, 'nginx');
  return web;
}
