// A reference nginx with a bare configuration: the same binary as the
// project's front, none of its headers, rules or proxying.
import { mkdtemp, mkdir, writeFile, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxArgs, nginxBinary } from '../../scripts/stack/nginx-config.ts';
import { freePort } from '../../scripts/stack/ports.ts';
import { startProcess, stopProcess, waitForHttp } from '../../scripts/stack/processes.ts';

export interface BareNginx {
  url: string;
  stop(): Promise<void>;
}

function bareConfig(prefix: string, port: number, root: string): string {
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
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
}

/** Serves `root` as plain static files; `probePath` must exist under it. */
export async function startBareNginx(root: string, probePath: string): Promise<BareNginx> {
  const prefix = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  await chmod(prefix, 0o755);
  await mkdir(join(prefix, 'tmp'));
  const port = await freePort();
  const confFile = join(prefix, 'nginx.conf');
  await writeFile(confFile, bareConfig(prefix, port, root));
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
