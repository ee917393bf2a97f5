// A reference nginx with a bare configuration: the same binary as the
// project's front, none of its rules or proxying. With `sameHeaders` it adds
// the answers' headers the project's config adds to a page (security headers
// and Cache-Control), so a ratio against it shows the config's own overhead,
// not the price of headers that stay.
import { mkdtemp, mkdir, writeFile, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  nginxArgs,
  nginxBinary,
  renderNginxConfig,
  startProcess,
  stopProcess,
  waitForHttp,
} from '@portfolio/stack';

export interface BareNginx {
  url: string;
  stop(): Promise<void>;
}

// gzip_vary: the project's answer names Vary even when it is not compressed.
const pageHeaders = (renderedDir: string) => `include ${join(renderedDir, 'security-headers.conf')};
    add_header Cache-Control "no-cache";
    gzip on;
    gzip_vary on;
    server_tokens off;`;

/**
 * The project's configuration as its renderer writes it for `root`: the security headers (CSP
 * hashes included) and caching.conf, whose maps hold values those headers send.
 */
async function renderedConfig(prefix: string, root: string): Promise<string> {
  const runDir = join(prefix, 'rendered');
  await renderNginxConfig({
    runDir,
    webRoot: root,
    apiUpstream: '127.0.0.1:9',
    listen: '127.0.0.1:9',
  });
  return runDir;
}

function bareConfig(
  prefix: string,
  port: number,
  root: string,
  rendered: { dir: string; headers: string } | null,
): string {
  return `worker_processes auto;
daemon off;
pid ${prefix}/nginx.pid;
error_log stderr crit;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  client_body_temp_path ${prefix}/tmp;
  proxy_temp_path ${prefix}/tmp;
  fastcgi_temp_path ${prefix}/tmp;
  uwsgi_temp_path ${prefix}/tmp;
  scgi_temp_path ${prefix}/tmp;
  ${rendered ? `include ${join(rendered.dir, 'caching.conf')};` : ''}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${rendered?.headers ?? ''}
  }
}
`;
}

/** Serves `root` as plain static files; `probePath` must exist under it. */
export async function startBareNginx(
  root: string,
  probePath: string,
  sameHeaders = false,
): Promise<BareNginx> {
  const prefix = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  await chmod(prefix, 0o755);
  await mkdir(join(prefix, 'tmp'));
  const port = await freePort();
  const confFile = join(prefix, 'nginx.conf');
  const renderedDir = sameHeaders ? await renderedConfig(prefix, root) : null;
  const rendered = renderedDir ? { dir: renderedDir, headers: pageHeaders(renderedDir) } : null;
  await writeFile(confFile, bareConfig(prefix, port, root, rendered));
  const nginx = startProcess('bare-nginx', nginxBinary(), nginxArgs(confFile), {}, () => {});
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}${probePath}`, nginx, 'The reference nginx');
  return {
    url,
    async stop() {
      await stopProcess(nginx);
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
