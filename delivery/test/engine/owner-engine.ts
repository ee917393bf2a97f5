// The engine of a server that already hosts the owner's site, beside which
// the suite must run without touching it. Where the machine's own engine
// answers (/var/run/docker.sock) it is that one, only ever read. Otherwise a
// stand-in is started the way Docker starts on a server (docker0, Docker's
// own iptables chains, ip_forward) holding a `portfolio` project: a volume
// with a file, a container serving it on a published port, a network and an
// image named like the site's. Its state before the suite and after must be
// the same (docs/engine-tests.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@portfolio/stack';
import { request } from '../helpers/http-client';
import { mustRun, run } from './command-run';
import { dockerCli, engineEnv, serverVersion, spawnDaemon } from './docker-engine';

const MACHINE_HOST = 'unix:///var/run/docker.sock';
const FORWARD_SYSCTL = '/proc/sys/net/ipv4/ip_forward';
const SITE_FILE = 'Zugänge der Inhaberin\n';

/** Everything the suite must leave as it was. */
export interface OwnerState {
  containers: string[];
  volumes: string[];
  networks: string[];
  images: string[];
  /** iptables-save without counters or dates: Docker's chains and everyone else's. */
  firewall: string;
  /** What the owner's container serves from its volume (the stand-in only). */
  served?: string;
}

export interface OwnerEngine {
  /** What it is, for the suite's output. */
  description: string;
  /** The DOCKER_HOST of an owner's shell, or undefined for the machine's default. */
  host?: string;
  state(): Promise<OwnerState>;
  stop(): Promise<void>;
}

function lines(host: string, args: string[]): string[] {
  return mustRun(dockerCli, args, { env: engineEnv(host) })
    .trim()
    .split('\n')
    .filter(Boolean)
    .sort();
}

/** The rules, without the dated comments and the chains' packet counters, which traffic moves. */
function firewall(): string {
  return mustRun('iptables-save', [])
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.replace(/ \[\d+:\d+\]$/, ''))
    .join('\n');
}

function engineState(host: string): Omit<OwnerState, 'served'> {
  return {
    containers: lines(host, [
      'ps',
      '--all',
      '--no-trunc',
      '--format',
      '{{.ID}} {{.Names}} {{.State}} {{.Image}}',
    ]),
    volumes: lines(host, ['volume', 'ls', '--format', '{{.Name}}']),
    networks: lines(host, ['network', 'ls', '--no-trunc', '--format', '{{.ID}} {{.Name}}']),
    images: lines(host, [
      'image',
      'ls',
      '--all',
      '--no-trunc',
      '--format',
      '{{.ID}} {{.Repository}}:{{.Tag}}',
    ]),
    firewall: firewall(),
  };
}

/** The machine's own engine: read, never changed. */
function machineEngine(version: string): OwnerEngine {
  return {
    description: `the machine's own engine (Docker ${version}), only read`,
    state: async () => engineState(MACHINE_HOST),
    stop: async () => {},
  };
}

/** A tiny image of busybox's httpd, named like the site's web image. */
function importSiteImage(host: string, dir: string) {
  const root = path.join(dir, 'image');
  mustRun('mkdir', ['-p', path.join(root, 'bin')]);
  mustRun('cp', ['/bin/busybox', path.join(root, 'bin', 'busybox')]);
  for (const tool of ['sh', 'httpd'])
    mustRun('ln', ['-s', 'busybox', path.join(root, 'bin', tool)]);
  mustRun('sh', ['-c', `tar -C '${root}' -c . | '${dockerCli}' import - portfolio-web:latest`], {
    env: engineEnv(host),
  });
}

async function fillSite(host: string, dir: string): Promise<string> {
  importSiteImage(host, dir);
  const docker = (args: string[]) => mustRun(dockerCli, args, { env: engineEnv(host) });
  const label = ['--label', 'com.docker.compose.project=portfolio'];
  docker(['volume', 'create', ...label, 'portfolio_access-data']);
  docker(['network', 'create', ...label, 'portfolio_portfolio']);
  const port = await freePort();
  writeFileSync(path.join(dir, 'index.html'), SITE_FILE);
  docker([
    'run',
    '--rm',
    '-v',
    'portfolio_access-data:/data',
    '-v',
    `${dir}:/in:ro`,
    'portfolio-web',
    'sh',
    '-c',
    'cp /in/index.html /data/',
  ]);
  docker([
    'run',
    '--detach',
    '--name',
    'portfolio-web-1',
    ...label,
    '--label',
    'com.docker.compose.service=web',
    '--network',
    'portfolio_portfolio',
    '-v',
    'portfolio_access-data:/data:ro',
    '-p',
    `127.0.0.1:${port}:8080`,
    'portfolio-web',
    'httpd',
    '-f',
    '-p',
    '8080',
    '-h',
    '/data',
  ]);
  return `http://127.0.0.1:${port}/index.html`;
}

/** Per table of `iptables-save`'s text: its chains (name → policy, `-` for one of its own) and rules. */
function tablesOf(saved: string): Map<string, { chains: Map<string, string>; rules: string[] }> {
  const tables = new Map<string, { chains: Map<string, string>; rules: string[] }>();
  let table = { chains: new Map<string, string>(), rules: [] as string[] };
  for (const line of saved.split('\n')) {
    if (line.startsWith('*')) tables.set(line.slice(1), (table = { chains: new Map(), rules: [] }));
    else if (line.startsWith(':'))
      table.chains.set(...(line.slice(1).split(' ') as [string, string]));
    else if (line.startsWith('-A ')) table.rules.push(line);
  }
  return tables;
}

/**
 * An `iptables-restore --noflush` script that takes back what a Docker engine
 * added since `before`: its chains (DOCKER…), the rules that jump to them or
 * name docker0, and the policies it changed. Everything else stays as it is
 * now, whoever changed it meanwhile.
 */
function undoDocker(before: string, now: string): string {
  const was = tablesOf(before);
  const script: string[] = [];
  for (const [name, { chains, rules }] of tablesOf(now)) {
    const old = was.get(name) ?? { chains: new Map<string, string>(), rules: [] };
    const kept = [...old.rules];
    const added = rules.filter((rule) => {
      const index = kept.indexOf(rule);
      if (index >= 0) kept.splice(index, 1);
      return index < 0 && !rule.startsWith('-A DOCKER') && /DOCKER|docker0/.test(rule);
    });
    const own = [...chains.keys()].filter(
      (chain) => !old.chains.has(chain) && /^DOCKER/.test(chain),
    );
    const policies = [...chains].filter(
      ([chain, policy]) =>
        policy !== '-' && old.chains.has(chain) && old.chains.get(chain) !== policy,
    );
    if (added.length + own.length + policies.length === 0) continue;
    script.push(`*${name}`, ...policies.map(([chain]) => `:${chain} ${old.chains.get(chain)}`));
    script.push(...added.map((rule) => rule.replace(/^-A /, '-D ')));
    script.push(...own.flatMap((chain) => [`-F ${chain}`, `-X ${chain}`]), 'COMMIT');
  }
  return `${script.join('\n')}\n`;
}

/** A server's engine: Docker's defaults, its own data root and socket, here only. */
async function standInEngine(log: (line: string) => void): Promise<OwnerEngine> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-owner-engine-'));
  const firewallBefore = spawnSync('iptables-save', [], { encoding: 'utf8' }).stdout;
  const forwardBefore = readFileSync(FORWARD_SYSCTL, 'utf8').trim();
  const daemon = spawnDaemon(dir, []);
  const host = daemon.host;
  const stop = async () => {
    run(dockerCli, ['rm', '--force', 'portfolio-web-1'], { env: engineEnv(host) });
    await daemon.stop();
    // What Docker made on the host and leaves behind when it stops.
    run('ip', ['link', 'delete', 'docker0']);
    const firewallNow = spawnSync('iptables-save', [], { encoding: 'utf8' }).stdout;
    run('iptables-restore', ['--noflush'], { input: undoDocker(firewallBefore, firewallNow) });
    writeFileSync(FORWARD_SYSCTL, forwardBefore);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const version = await daemon.answering();
    const url = await fillSite(host, dir);
    log(
      `engine: beside a stand-in of the owner's engine (Docker ${version}, ${host}) hosting a portfolio project`,
    );
    return {
      description: 'a stand-in of the owner’s engine',
      host,
      state: async () => ({
        ...engineState(host),
        served: await request(url).then(
          (response) => `${response.status} ${response.body.toString()}`,
        ),
      }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The engine that hosts the owner's site, or undefined (with the reason logged) when none can be had. */
export async function ownerEngine(log: (line: string) => void): Promise<OwnerEngine | undefined> {
  const version = serverVersion(MACHINE_HOST);
  if (version) return machineEngine(version);
  const whyNot = !existsSync('/bin/busybox')
    ? '/bin/busybox is missing (apt-get install busybox-static)'
    : existsSync('/sys/class/net/docker0')
      ? 'docker0 exists, but no engine answers at /var/run/docker.sock'
      : undefined;
  if (!whyNot) return standInEngine(log);
  log(`engine: no owner's engine to run beside: ${whyNot}`);
  return undefined;
}
