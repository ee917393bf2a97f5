// A Docker engine for the engine suite: the one DOCKER_HOST names, or the
// machine's own at /var/run/docker.sock, when it answers; otherwise a dockerd
// of the suite's own, with its own data root,
// run root and socket under the cache folder, so nothing else on the machine
// is touched and built layers survive between runs. Only what the suite
// started is stopped.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { until } from '../helpers/until';

/** Layers, the stand-ins' root file system and downloads, kept between runs. */
export const cacheDir = process.env.ENGINE_CACHE_DIR ?? '/var/cache/portfolio-engine';

/**
 * Debian's CLI: it builds with the BuildKit inside dockerd 20.10. A newer CLI
 * earlier on PATH may lack the buildx plugin that it would need for that.
 */
export const dockerCli = existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker';

export interface Engine {
  host: string;
  /** Environment for docker, compose and make: DOCKER_HOST and BuildKit on. */
  env: NodeJS.ProcessEnv;
  serverVersion: string;
  stop(): Promise<void>;
}

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; timeoutMs?: number } = {},
): RunResult {
  const result: SpawnSyncReturns<string> = spawnSync(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: options.timeoutMs ?? 15 * 60_000,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The same as run(), without blocking: the test can act while it runs. */
export function runAsync(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env, cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status: status ?? -1, stdout, stderr }));
  });
}

/** The result of a run that succeeded, or an error with what ran and the end of its own words. */
export function succeeded(result: RunResult, what: string): RunResult {
  if (result.status !== 0)
    throw new Error(
      `${what} exited with ${result.status}\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    );
  return result;
}

/** Runs and returns stdout, or fails with the command's own words. */
export function mustRun(...args: Parameters<typeof run>): string {
  return succeeded(run(...args), `${args[0]} ${args[1].join(' ')}`).stdout;
}

function engineEnv(host: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DOCKER_HOST: host,
    DOCKER_BUILDKIT: '1',
    // Compose 1.x builds through the docker CLI (BuildKit) instead of its own
    // client, which knows no BuildKit-only Dockerfile syntax.
    COMPOSE_DOCKER_CLI_BUILD: '1',
    PATH: `${path.dirname(dockerCli)}:${process.env.PATH ?? ''}`,
  };
}

function serverVersion(host: string): string | undefined {
  const result = spawnSync(dockerCli, ['version', '--format', '{{.Server.Version}}'], {
    env: engineEnv(host),
    encoding: 'utf8',
    timeout: 10_000,
  });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

const SYSTEM_HOST = 'unix:///var/run/docker.sock';

/** An engine that already runs and answers, with its version. */
function runningEngine(): { host: string; version: string } | undefined {
  for (const host of [process.env.DOCKER_HOST, SYSTEM_HOST]) {
    const version = host ? serverVersion(host) : undefined;
    if (host && version) return { host, version };
  }
  return undefined;
}

/** Why no engine can run here, or undefined when one can. */
export function whyNoEngine(): string | undefined {
  if (runningEngine()) return undefined;
  if (process.getuid?.() !== 0) return 'needs root to start its own dockerd';
  for (const tool of ['dockerd', 'docker-compose', 'debootstrap'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      return `${tool} is missing (apt-get install docker.io docker-compose debootstrap)`;
  if (!existsSync('/sys/fs/cgroup')) return 'the kernel offers no cgroups';
  return undefined;
}

async function startOwnDaemon(): Promise<Engine> {
  const root = path.join(cacheDir, 'engine');
  mkdirSync(path.join(root, 'data'), { recursive: true });
  mkdirSync(path.join(root, 'exec'), { recursive: true });
  const socket = path.join(root, 'docker.sock');
  const host = `unix://${socket}`;
  const logFile = path.join(root, 'dockerd.log');
  const daemon = spawn(
    'dockerd',
    [
      '--data-root',
      path.join(root, 'data'),
      '--exec-root',
      path.join(root, 'exec'),
      '--pidfile',
      path.join(root, 'dockerd.pid'),
      '-H',
      host,
      // Ports a compose file publishes without an address stay on loopback.
      '--ip',
      '127.0.0.1',
    ],
    { stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')] },
  );
  const version = await until(
    () => {
      if (daemon.exitCode !== null)
        throw new Error(
          `dockerd exited with ${daemon.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
        );
      return serverVersion(host);
    },
    'dockerd to answer',
    60_000,
  );
  return {
    host,
    env: engineEnv(host),
    serverVersion: version,
    async stop() {
      if (daemon.exitCode !== null) return;
      const exited = new Promise((resolve) => daemon.once('exit', resolve));
      daemon.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startEngine(): Promise<Engine> {
  const running = runningEngine();
  if (!running) return startOwnDaemon();
  const { host, version } = running;
  return { host, env: engineEnv(host), serverVersion: version, stop: async () => {} };
}
