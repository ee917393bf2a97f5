// Runs the system nginx on a config rendered from the project's templates,
// for one test file; stop() ends it and removes its run folder.
import { execFile } from 'node:child_process';
import { rm, chmod } from 'node:fs/promises';
import { promisify } from 'node:util';
import {
  freePort,
  nginxArgs,
  nginxBinary,
  type NginxSettings,
  renderNginxConfig,
  startProcess,
  stopProcess,
  waitForHttp,
} from '@portfolio/stack';
import { scratchDir } from './scratch';

const run = promisify(execFile);

export async function makeRunDir(): Promise<string> {
  const dir = scratchDir('portfolio-nginx-');
  await chmod(dir, 0o755);
  return dir;
}

/** `nginx -t` on the rendered config; resolves with its output, rejects when invalid. */
export async function checkConfig(confFile: string): Promise<string> {
  const { stderr } = await run(nginxBinary(), [...nginxArgs(confFile), '-t']);
  return stderr;
}

export interface RunningNginx {
  baseUrl: string;
  port: number;
  /** Bytes nginx has written to its error log (stderr) so far. */
  errorLogBytes(): number;
  /** What nginx has written to its error log so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx with `settings` (listen and runDir filled in) and waits for `readyUrl`. */
export async function startNginx(
  settings: Omit<NginxSettings, 'listen' | 'runDir'> & { listen?: string },
  readyPath = '/',
): Promise<RunningNginx> {
  const runDir = await makeRunDir();
  const port = await freePort();
  const confFile = await renderNginxConfig({ listen: `127.0.0.1:${port}`, ...settings, runDir });
  const nginx = startProcess('nginx', nginxBinary(), nginxArgs(confFile), {}, () => undefined);
  const errorLog: Buffer[] = [];
  nginx.child.stderr?.on('data', (chunk: Buffer) => errorLog.push(chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(nginx);
    await rm(runDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${baseUrl}${readyPath}`, nginx, 'nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    port,
    errorLogBytes: () => errorLog.reduce((sum, chunk) => sum + chunk.length, 0),
    errorLog: () => Buffer.concat(errorLog).toString(),
    stop,
  };
}
