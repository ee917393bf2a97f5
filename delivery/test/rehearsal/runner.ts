// Runs inside a private mount namespace (started by image-rehearsal.test.ts
// with `unshare -m`): replays Dockerfile.api and Dockerfile.web, starts
// both final stages the compose way on loopback ports, prints one JSON line
// describing them, and stops everything when its standard input closes.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readBuildContext } from './build-context';
import { readService } from './compose-service';
import { replayDockerfile } from './replay';
import { runService } from './run-service';

interface RunnerArgs {
  repoRoot: string;
  workDir: string;
  apiPort: number;
  webPort: number;
  smtpPort: number;
}

const args = JSON.parse(process.argv[2]) as RunnerArgs;
const children: ChildProcess[] = [];
const logOf = (name: string) => path.join(args.workDir, `${name}.log`);
const readLog = (name: string) =>
  existsSync(logOf(name)) ? readFileSync(logOf(name), 'utf8') : '';

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}

async function waitHealthy(url: string, child: ChildProcess, name: string) {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}:\n${readLog(name)}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function sizeOf(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);
}

async function main() {
  const context = readBuildContext(args.repoRoot);
  const scratch = path.join(args.workDir, 'scratch');
  mkdirSync(scratch, { recursive: true });
  const api = await replayDockerfile(
    path.join(args.repoRoot, 'Dockerfile.api'),
    context,
    path.join(args.workDir, 'api'),
  );
  const web = await replayDockerfile(
    path.join(args.repoRoot, 'Dockerfile.web'),
    context,
    path.join(args.workDir, 'web'),
  );
  const appBytes = sizeOf(api.final.jail.hostPath('/app'));

  // Service names and container ports become loopback addresses and free
  // ports; everything else is the image's and the compose file's own.
  const apiUrl = `http://127.0.0.1:${args.apiPort}`;
  const { child: apiProcess, startedAt } = runService(
    api.final,
    readService(args.repoRoot, 'api'),
    scratch,
    {
      API_HOST: '127.0.0.1',
      API_PORT: String(args.apiPort),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(args.smtpPort),
      MAIL_TO: 'owner@example.ch',
    },
    logOf('api'),
  );
  children.push(apiProcess);
  await waitHealthy(`${apiUrl}/api/health`, apiProcess, 'api');
  const coldStartMs = Date.now() - startedAt;

  const { child: webProcess } = runService(
    web.final,
    readService(args.repoRoot, 'web'),
    scratch,
    {
      API_UPSTREAM: `127.0.0.1:${args.apiPort}`,
      WEB_LISTEN: `127.0.0.1:${args.webPort}`,
      NGINX_RESOLVER: '127.0.0.1',
    },
    logOf('web'),
  );
  children.push(webProcess);
  const webUrl = `http://127.0.0.1:${args.webPort}`;
  await waitHealthy(`${webUrl}/nginx-health`, webProcess, 'web');

  const ready = {
    apiUrl,
    webUrl,
    appBytes,
    coldStartMs,
    skipped: [...api.skipped, ...web.skipped],
    apiLog: readLog('api'),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

process.stdin.resume();
process.stdin.on('end', () => {
  stopAll();
  setTimeout(() => process.exit(0), 500);
});
main().catch((error: unknown) => {
  stopAll();
  process.stdout.write(
    `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`,
  );
  setTimeout(() => process.exit(1), 500);
});
