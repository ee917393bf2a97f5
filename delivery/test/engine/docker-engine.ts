// The Docker engine the engine suite runs on. By default a dockerd of the
// suite's own, with its own data root, run root, socket and network
// (engine-network.ts), started and stopped by the suite: the machine's own
// engine, which may host the owner's site, is never used, stopped or
// reconfigured, whatever DOCKER_HOST says. Another engine only when it is
// named for the suite alone (ENGINE_DOCKER_HOST, as the hosted workflow
// does with its runner's engine); docs/engine-tests.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@portfolio/stack';
import { until } from '../helpers/until';
import { run } from './command-run';
import { createEngineNetwork } from './engine-network';

/** Layers, the stand-ins' root file system and downloads, kept between runs. */
export const cacheDir = process.env.ENGINE_CACHE_DIR ?? '/var/cache/portfolio-engine';
/**
 * This folder, with its fixtures and stand-ins. Not from __dirname: the Pi
 * measurement (bench/) loads these files as ES modules, where it is not set.
 */
export const engineDir = path.join(repoRoot, 'delivery', 'test', 'engine');

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
  /** True for the suite's own dockerd: only there may it tag stand-ins or remove what it finds. */
  own: boolean;
  stop(): Promise<void>;
}

export function engineEnv(host: string): NodeJS.ProcessEnv {
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

export function serverVersion(host: string): string | undefined {
  const result = spawnSync(dockerCli, ['version', '--format', '{{.Server.Version}}'], {
    env: engineEnv(host),
    encoding: 'utf8',
    timeout: 10_000,
  });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

const namedHost = () => process.env.ENGINE_DOCKER_HOST || undefined;

const OWN_DAEMON_TOOLS = ['dockerd', 'docker-compose', 'debootstrap', 'ip', 'iptables'];

/** Why no engine can run here, or undefined when one can. */
export function whyNoEngine(): string | undefined {
  const named = namedHost();
  if (named)
    return serverVersion(named) ? undefined : `ENGINE_DOCKER_HOST=${named} does not answer`;
  if (process.getuid?.() !== 0) return 'needs root to start its own dockerd';
  for (const tool of OWN_DAEMON_TOOLS)
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      return `${tool} is missing (apt-get install docker.io docker-compose debootstrap iproute2 iptables)`;
  if (!existsSync('/sys/fs/cgroup')) return 'the kernel offers no cgroups';
  return undefined;
}

export interface OwnEngineOptions {
  /** The folder under the cache: each name is an engine with its own images and layers. */
  name?: string;
  /** A registry (host:port on loopback) the engine uses as its mirror of Docker Hub. */
  mirror?: string;
}

/**
 * The memory cgroup every container of an own engine goes under, build
 * steps included (dockerd hands --cgroup-parent to its BuildKit too), so
 * that what a build costs can be read in one place (build-memory.ts).
 */
export const engineCgroup = (name: string) => `portfolio-${name}`;

/**
 * Waits until the engine at `host` answers, started by `child`; if that
 * process exits first, fails at once with the end of `logFile` instead of
 * waiting out the timeout.
 */
export function engineAnswering(
  child: ChildProcess,
  host: string,
  logFile: string,
  what: string,
  timeoutMs: number,
): Promise<string> {
  return until(
    () => {
      if (child.exitCode !== null)
        throw new Error(
          `${what} exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
        );
      return serverVersion(host);
    },
    `${what} to answer`,
    timeoutMs,
  );
}

/** A dockerd that keeps its data, run root, pid file, socket and log in `root`. */
export interface Daemon {
  host: string;
  /** Waits until it answers; fails with the end of its log if it exits first. */
  answering(): Promise<string>;
  /** Prunes its networks (their bridges outlive it), then stops it. */
  stop(): Promise<void>;
}

export function spawnDaemon(root: string, extraArgs: string[]): Daemon {
  mkdirSync(root, { recursive: true });
  const host = `unix://${path.join(root, 'docker.sock')}`;
  const logFile = path.join(root, 'dockerd.log');
  const daemon = spawn(
    'dockerd',
    [
      ...['--data-root', path.join(root, 'data'), '--exec-root', path.join(root, 'exec')],
      ...['--pidfile', path.join(root, 'dockerd.pid'), '-H', host],
      ...extraArgs,
    ],
    { stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')] },
  );
  return {
    host,
    answering: () => engineAnswering(daemon, host, logFile, 'dockerd', 60_000),
    async stop() {
      if (daemon.exitCode !== null) return;
      run(dockerCli, ['network', 'prune', '--force'], { env: engineEnv(host) });
      const exited = new Promise((resolve) => daemon.once('exit', resolve));
      daemon.kill('SIGTERM');
      await exited;
    },
  };
}

async function startOwnDaemon({ name = 'engine', mirror }: OwnEngineOptions): Promise<Engine> {
  const root = path.join(cacheDir, name);
  const network = createEngineNetwork();
  // dockerd would give the bridge the subnet it stored on an earlier run,
  // which may no longer be the free range just chosen; every network of
  // the suite's is removed at the end of a run, so the store holds nothing else.
  rmSync(path.join(root, 'data', 'network'), { recursive: true, force: true });
  const daemon = spawnDaemon(root, [
    ...network.daemonArgs,
    ...['--cgroup-parent', `/${engineCgroup(name)}`],
    ...(mirror ? ['--registry-mirror', `http://${mirror}`, '--insecure-registry', mirror] : []),
  ]);
  const stop = async () => {
    await daemon.stop();
    network.remove();
  };
  try {
    const version = await daemon.answering();
    return {
      host: daemon.host,
      env: engineEnv(daemon.host),
      serverVersion: version,
      own: true,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function startEngine(options: OwnEngineOptions = {}): Promise<Engine> {
  const host = namedHost();
  if (!host) return startOwnDaemon(options);
  const version = serverVersion(host);
  if (!version) throw new Error(`ENGINE_DOCKER_HOST=${host} does not answer`);
  return { host, env: engineEnv(host), serverVersion: version, own: false, stop: async () => {} };
}
