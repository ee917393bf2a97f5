// The owner's checkout as the engine suite uses it: a copy of the
// repository's files (tracked and new, never ignored ones such as .env,
// node_modules or documents/private) in a folder of its own, run with
// Compose v2 (`docker compose`) where the engine has it, otherwise with
// Debian's Compose 1.29 after the mechanical translation below.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { repoRoot } from '@portfolio/stack';
import { mustRun, run, runAsync, succeeded, type RunResult } from './command-run';
import { dockerCli, type Engine } from './docker-engine';

const NODE_TOOLS = new Set(['node', 'nodejs', 'npm', 'npx', 'corepack']);

/**
 * The owner's server has Docker, Compose, git and make, and no Node (README):
 * `make` runs with the host's PATH, each folder that holds node, npm or npx
 * replaced by a folder of links to its other programs.
 */
function pathWithoutNode(shadows: string, hostPath: string): string {
  const folders = hostPath.split(':').map((folder, index) => {
    const names = existsSync(folder) ? readdirSync(folder) : [];
    if (!names.some((name) => NODE_TOOLS.has(name))) return folder;
    const shadow = path.join(shadows, String(index));
    mkdirSync(shadow, { recursive: true });
    for (const name of names.filter((entry) => !NODE_TOOLS.has(entry)))
      symlinkSync(path.join(folder, name), path.join(shadow, name));
    return shadow;
  });
  return folders.join(':');
}

/** Every run's project name starts so; never `portfolio`, the owner's. */
const PROJECT_PREFIX = 'portfolio-engine-test-';
const PROJECT_LABEL = 'com.docker.compose.project';
export const TLS_FILES = ['docker-compose.yml', 'docker-compose.tls.yml'];
/** Every compose file of the product: the ones Compose 1 gets translated. */
const COMPOSE_FILES = [...TLS_FILES, 'docker-compose.backup.yml'];

interface BindMount {
  type: 'bind';
  source: string;
  target: string;
  read_only?: boolean;
}

interface ComposeService {
  env_file?: Array<string | { path: string; required?: boolean }>;
  volumes?: Array<string | BindMount | { type: string }>;
}

interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
}

/** Only the optional env files that exist, as plain paths. */
function plainEnvFiles(service: ComposeService, projectDir: string) {
  if (!service.env_file) return;
  const paths = service.env_file
    .map((entry) => (typeof entry === 'string' ? { path: entry, required: true } : entry))
    .filter((entry) => entry.required !== false || existsSync(path.join(projectDir, entry.path)))
    .map((entry) => entry.path);
  if (paths.length > 0) service.env_file = paths;
  else delete service.env_file;
}

const isBind = (volume: unknown): volume is BindMount =>
  typeof volume === 'object' && (volume as BindMount).type === 'bind';

/** Bind mounts in the short form, which makes a missing host folder as create_host_path does. */
function shortBinds(service: ComposeService) {
  service.volumes = service.volumes?.map((volume) =>
    isBind(volume) ? `${volume.source}:${volume.target}${volume.read_only ? ':ro' : ''}` : volume,
  );
}

/**
 * Compose 1.29 knows neither the top-level `name` (given with -p instead),
 * nor `env_file` entries with `path` and `required` (Compose 2.24): an
 * optional file is listed only when it exists; nor a bind mount's
 * `create_host_path`: long-form binds become the short form. Nothing else
 * changes.
 */
export function translateForCompose1(text: string, projectDir: string): string {
  const file = parse(text, { merge: true }) as ComposeFile;
  delete file.name;
  for (const service of Object.values(file.services)) {
    plainEnvFiles(service, projectDir);
    shortBinds(service);
  }
  return stringify(file);
}

export interface ComposeTool {
  /** The command and its leading arguments, as the Makefile's COMPOSE. */
  command: string[];
  version: string;
  translated: boolean;
}

export function findCompose(engine: Engine): ComposeTool {
  const v2 = run(dockerCli, ['compose', 'version', '--short'], { env: engine.env });
  if (v2.status === 0)
    return { command: [dockerCli, 'compose'], version: v2.stdout.trim(), translated: false };
  const v1 = mustRun('docker-compose', ['version', '--short'], { env: engine.env });
  return { command: ['docker-compose'], version: v1.trim(), translated: true };
}

export interface ComposeProjectOptions {
  /** Keep the copy's compose files as written (Compose 1's translation goes beside it). */
  filesAsWritten?: boolean;
  /** An absolute path of a compose file merged over the project's in every call. */
  overlay?: string;
  /** Where the checkout goes (default: the system's temporary folder). */
  parent?: string;
}

export class ComposeProject {
  /** A compose project name of this run's own: its containers, volumes and networks carry it. */
  readonly name = `${PROJECT_PREFIX}${randomBytes(4).toString('hex')}`;
  readonly dir: string;
  /**
   * Where Compose 1's translation is written: over the copy's own files, or
   * beside the copy when it is the build context of `make test`, whose
   * lint and delivery tests read the files as written.
   */
  private readonly composeDir: string;
  /** Compose files of the suite's, added after the project's files in every call. */
  private readonly overlays: string[];
  /** make's PATH: the host's without Node. */
  private readonly ownerPath: string;

  constructor(
    readonly engine: Engine,
    readonly tool: ComposeTool,
    /** Published ports and settings, as an owner's shell would give them. */
    readonly env: Record<string, string>,
    options: ComposeProjectOptions = {},
  ) {
    this.overlays = options.overlay ? [options.overlay] : [];
    this.dir = mkdtempSync(path.join(options.parent ?? os.tmpdir(), 'portfolio-engine-'));
    this.composeDir = options.filesAsWritten && tool.translated ? `${this.dir}-compose1` : this.dir;
    mkdirSync(this.composeDir, { recursive: true });
    if (engine.own) this.removeLeftovers();
    const files = mustRun('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
    })
      .split('\0')
      .filter((file) => file && existsSync(path.join(repoRoot, file)));
    mustRun('tar', ['-C', repoRoot, '--null', '-T', '-', '-cf', path.join(this.dir, '.copy.tar')], {
      input: files.join('\0'),
    });
    mustRun('tar', ['-C', this.dir, '-xf', path.join(this.dir, '.copy.tar')]);
    rmSync(path.join(this.dir, '.copy.tar'));
    this.retranslate();
    this.ownerPath = pathWithoutNode(`${this.dir}-path`, this.runEnv().PATH ?? '');
  }

  /** Adds a compose file of the suite's over the project's, for every later call and start. */
  addOverlay(file: string) {
    this.overlays.push(file);
  }

  /** The compose files again, for Compose 1 (after .env was added or removed). */
  retranslate() {
    if (!this.tool.translated) return;
    for (const file of COMPOSE_FILES) {
      const original = readFileSync(path.join(repoRoot, file), 'utf8');
      writeFileSync(path.join(this.composeDir, file), translateForCompose1(original, this.dir));
    }
  }

  private projectArgs(): string[] {
    return ['-p', this.name, '--project-directory', this.dir];
  }

  private runEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return { ...this.engine.env, COMPOSE_PROJECT_NAME: this.name, ...this.env, ...extra };
  }

  /** `docker compose ARGS` in the project folder (files: the Makefile's default). */
  compose(
    args: string[],
    options: { files?: string[]; env?: Record<string, string> } = {},
  ): RunResult {
    const [command, composeArgs] = this.composeCommand(args, options.files);
    return run(command, composeArgs, { cwd: this.dir, env: this.runEnv(options.env) });
  }

  /** compose() without blocking, for a call the test watches while it runs. */
  composeAsync(args: string[]): Promise<RunResult> {
    const [command, composeArgs] = this.composeCommand(args);
    return runAsync(command, composeArgs, { cwd: this.dir, env: this.runEnv() });
  }

  private composeCommand(args: string[], files = ['docker-compose.yml']): [string, string[]] {
    const fileArgs = [
      ...files.map((file) => path.resolve(this.composeDir, file)),
      ...this.overlays,
    ].flatMap((file) => ['-f', file]);
    const [command, ...leading] = this.tool.command;
    return [command, [...leading, ...this.projectArgs(), ...fileArgs, ...args]];
  }

  mustCompose(...args: Parameters<ComposeProject['compose']>): string {
    const { stdout, stderr } = succeeded(this.compose(...args), `compose ${args[0].join(' ')}`);
    return stdout + stderr;
  }

  /**
   * `make TARGET` as the owner types it. COMPOSE names the tool found; with
   * Compose 1 the version check would rightly refuse it (the product needs
   * Compose 2), so the suite, having translated the files, skips that check.
   */
  make(
    target: string,
    vars: Record<string, string> = {},
    timeoutMs?: number,
    input?: string,
  ): RunResult {
    const options = { cwd: this.dir, env: this.makeEnv(vars), timeoutMs, input };
    return run('make', this.makeArgs(target), options);
  }

  /** make() without blocking, for a target that runs while visitors come. */
  makeAsync(target: string, vars: Record<string, string> = {}): Promise<RunResult> {
    return runAsync('make', this.makeArgs(target), { cwd: this.dir, env: this.makeEnv(vars) });
  }

  /**
   * `make target` in a process group of its own, as an owner's ssh session
   * runs it: the test can kill make, its shell and the Compose client at
   * once, as a dropped connection would.
   */
  makeDetached(target: string, vars: Record<string, string> = {}): ChildProcess {
    return spawn('make', this.makeArgs(target), {
      cwd: this.dir,
      env: this.makeEnv(vars),
      detached: true,
      stdio: 'ignore',
    });
  }

  /**
   * A `make target` that runs until stopped (make logs): its output until `seen`
   * matches, then its process group ended, as Ctrl-C would.
   */
  async makeUntil(target: string, seen: RegExp, timeoutMs: number): Promise<string> {
    const child = spawn('make', this.makeArgs(target), {
      cwd: this.dir,
      env: this.makeEnv({}),
      detached: true,
    });
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<string>((resolve, reject) => {
        const fail = () => reject(new Error(`make ${target}: no ${seen} in:\n${output}`));
        timer = setTimeout(fail, timeoutMs);
        const take = (chunk: Buffer) => {
          output += chunk.toString();
          if (seen.test(output)) resolve(output);
        };
        child.stdout.on('data', take);
        child.stderr.on('data', take);
        child.on('close', () => (seen.test(output) ? resolve(output) : fail()));
      });
    } finally {
      clearTimeout(timer);
      if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGTERM');
    }
  }

  /** The running containers of a service (a `compose run` one among them). */
  running(service: string): string[] {
    const ids = this.docker([
      ...['ps', '--quiet', '--filter', `label=${PROJECT_LABEL}=${this.name}`],
      ...['--filter', `label=com.docker.compose.service=${service}`],
    ]);
    return ids.split('\n').filter(Boolean);
  }

  /**
   * With COMPOSE_FILE (an owner's list, as the TLS checks set it) make passes no -f, which
   * would override the list: the suite's overlays join the list instead.
   */
  private makeEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...this.runEnv(vars), PATH: this.ownerPath };
    if (env.COMPOSE_FILE) env.COMPOSE_FILE = [env.COMPOSE_FILE, ...this.overlays].join(':');
    return env;
  }

  private makeArgs(target: string): string[] {
    const listed = Boolean(this.env.COMPOSE_FILE);
    const files =
      listed || (this.composeDir === this.dir && this.overlays.length === 0)
        ? []
        : [path.join(this.composeDir, 'docker-compose.yml'), ...this.overlays];
    const beside = files.flatMap((file) => ['-f', file]);
    const toolVars = [
      `COMPOSE=${[...this.tool.command, ...this.projectArgs(), ...beside].join(' ')}`,
    ];
    if (this.tool.translated) toolVars.push('CHECK_DOCKER=true');
    return ['--no-print-directory', target, ...toolVars];
  }

  /** The container ID of a service (from any of the files), or undefined. */
  containerId(service: string): string | undefined {
    const id = this.docker([
      'ps',
      '--all',
      '--quiet',
      '--filter',
      `label=${PROJECT_LABEL}=${this.name}`,
      '--filter',
      `label=com.docker.compose.service=${service}`,
    ]).trim();
    return id.split('\n')[0] || undefined;
  }

  docker(args: string[]): string {
    return mustRun(dockerCli, args, { env: this.engine.env });
  }

  inspect<T>(service: string, format: string): T {
    const id = this.containerId(service);
    if (!id) throw new Error(`${service} has no container`);
    return JSON.parse(this.docker(['inspect', '--format', `{{json ${format}}}`, id])) as T;
  }

  /**
   * What a run that was stopped half-way left in the suite's own engine: a
   * new start begins clean. Only there: on an engine named for the suite,
   * nothing but this run's own project is ever removed.
   */
  private removeLeftovers() {
    const leftovers = (args: string[], key = '.ID') =>
      this.docker([
        ...args,
        '--filter',
        `label=${PROJECT_LABEL}`,
        '--format',
        `{{${key}}} {{.Label "${PROJECT_LABEL}"}}`,
      ])
        .split('\n')
        .map((line) => line.split(' '))
        .filter(([id, project]) => id && project?.startsWith(PROJECT_PREFIX))
        .map(([id]) => id);
    const containers = leftovers(['ps', '--all']);
    if (containers.length > 0) this.docker(['rm', '--force', '--volumes', ...containers]);
    const volumes = leftovers(['volume', 'ls'], '.Name');
    if (volumes.length > 0) this.docker(['volume', 'rm', ...volumes]);
    const networks = leftovers(['network', 'ls']);
    if (networks.length > 0) this.docker(['network', 'rm', ...networks]);
  }

  /** Containers, networks and volumes of this run's project: gone. */
  destroy() {
    this.compose(['--profile', 'test', 'down', '--volumes', '--remove-orphans', '--timeout', '5'], {
      files: TLS_FILES,
    });
    for (const folder of [this.dir, this.composeDir, `${this.dir}-path`])
      rmSync(folder, { recursive: true, force: true });
  }
}
