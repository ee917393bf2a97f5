// Replays the stages a Dockerfile's final stage needs, each in its own jail:
// COPY (from the build context or another stage), COPY --from, WORKDIR,
// ENV, USER, and the RUN lines whose programs exist here. What Docker would
// refuse (a source missing or dropped by .dockerignore, a failing RUN)
// fails the replay with the Dockerfile's line.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { contextFilesUnder, type BuildContext } from './build-context';
import { readStages, stagesFor, type Stage, type Step } from './dockerfile-stages';
import { createJail, type ImageUser, type Jail } from './jail';

/** Users the official base images define (node: `node` 1000, nginx: `nginx` 101). */
const BASE_USERS: Record<string, ImageUser[]> = {
  node: [{ name: 'node', uid: 1000, gid: 1000, home: '/home/node' }],
  nginx: [{ name: 'nginx', uid: 101, gid: 101, home: '/var/cache/nginx' }],
};
const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
// This machine's way out to the npm registry (proxy, CA); not image content.
const NETWORK_ENV = /^(https?_proxy|no_proxy|npm_config_.*|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE)$/i;

export interface ReplayedStage {
  name: string;
  jail: Jail;
  env: Record<string, string>;
  workdir: string;
  user: string;
  entrypoint: string[];
  cmd: string[];
}

export interface Replay {
  final: ReplayedStage;
  /** One line per stage or RUN that was not replayed, and why. */
  skipped: string[];
}

function networkEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name, value]) => NETWORK_ENV.test(name) && value),
  ) as Record<string, string>;
}

function resolveIn(stage: ReplayedStage, target: string): string {
  return path.posix.isAbsolute(target) ? target : path.posix.join(stage.workdir, target);
}

function chownTree(stage: ReplayedStage, hostPath: string, owner: string | undefined) {
  if (!owner) return;
  const [userName] = owner.split(':');
  const { uid, gid } = stage.jail.user(userName);
  execFileSync('chown', ['-R', `${uid}:${gid}`, hostPath]);
}

function copy(
  stage: ReplayedStage,
  step: Step,
  context: BuildContext,
  done: ReplayedStage[],
  file: string,
) {
  const sources = step.args.slice(0, -1);
  const dest = resolveIn(stage, step.args[step.args.length - 1]);
  const intoDir = step.args[step.args.length - 1].endsWith('/') || sources.length > 1;
  const from = step.flags.from ? done.find((s) => s.name === step.flags.from) : undefined;
  if (step.flags.from && !from)
    throw new Error(`${file}:${step.line}: COPY --from=${step.flags.from}: no such stage`);
  for (const source of sources) {
    if (/[*?[]/.test(source)) throw new Error(`${file}:${step.line}: wildcards are not rehearsed`);
    const targets: Array<[string, string]> = [];
    if (from) {
      const hostSource = from.jail.hostPath(source);
      if (!existsSync(hostSource))
        throw new Error(
          `${file}:${step.line}: COPY --from=${from.name} ${source}: not found in that stage`,
        );
      const isDir = statSync(hostSource).isDirectory();
      targets.push([
        hostSource,
        isDir || !intoDir ? dest : path.posix.join(dest, path.basename(source)),
      ]);
    } else {
      const files = contextFilesUnder(context, source);
      if (files.length === 0)
        throw new Error(`${file}:${step.line}: COPY ${source}: ${context.explainMissing(source)}`);
      const base = path.posix.normalize(source).replace(/\/$/, '');
      const single = files.length === 1 && files[0] === base;
      for (const relative of files) {
        const inside = single ? path.basename(relative) : path.posix.relative(base, relative);
        targets.push([
          path.join(context.root, relative),
          single && !intoDir ? dest : path.posix.join(dest, inside),
        ]);
      }
    }
    for (const [hostSource, imageTarget] of targets) {
      const hostTarget = stage.jail.hostPath(imageTarget);
      mkdirSync(path.dirname(hostTarget), { recursive: true });
      cpSync(hostSource, hostTarget, { recursive: true, dereference: true });
      if (step.flags.chmod) chmodSync(hostTarget, parseInt(step.flags.chmod, 8));
      chownTree(stage, hostTarget, step.flags.chown);
    }
  }
}

function missingProgram(stage: ReplayedStage, command: string): string | undefined {
  const programs = command.split(/&&|\|\||;|\|/).map((part) => part.trim().split(/\s+/)[0]);
  const which = (program: string) =>
    spawnSync('chroot', [stage.jail.root, '/bin/sh', '-c', `command -v ${program}`]).status === 0;
  return programs.find((program) => program && !which(program));
}

function run(stage: ReplayedStage, step: Step, skipped: string[], file: string) {
  const missing = missingProgram(stage, step.text);
  if (missing) {
    skipped.push(
      `${file} stage ${stage.name}, line ${step.line}: RUN skipped (${missing} is not available here): ${step.text}`,
    );
    return;
  }
  const env = {
    PATH: DEFAULT_PATH,
    HOME: stage.jail.user(stage.user).home,
    ...networkEnv(),
    ...stage.env,
  };
  const child = stage.jail.spawn(['/bin/sh', '-c', step.text], {
    user: stage.user,
    cwd: stage.workdir,
    env,
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise<void>((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${file}:${step.line}: RUN ${step.text} exited with ${code}\n${Buffer.concat(output).toString().slice(-3000)}`,
            ),
          ),
    );
  });
}

function startStage(stage: Stage, done: ReplayedStage[], dir: string): ReplayedStage {
  const parent = done.find((s) => s.name === stage.image);
  if (parent) throw new Error(`FROM ${stage.image}: building on a stage is not rehearsed`);
  const users = BASE_USERS[stage.image.split(':')[0]] ?? [];
  const jail = createJail(path.join(dir, stage.name), users);
  return { name: stage.name, jail, env: {}, workdir: '/', user: 'root', entrypoint: [], cmd: [] };
}

async function replayStage(
  stage: Stage,
  context: BuildContext,
  done: ReplayedStage[],
  dir: string,
  skipped: string[],
  file: string,
) {
  const state = startStage(stage, done, dir);
  for (const step of stage.steps) {
    if (step.keyword === 'WORKDIR') {
      state.workdir = resolveIn(state, step.args[0]);
      mkdirSync(state.jail.hostPath(state.workdir), { recursive: true });
    } else if (step.keyword === 'ENV') {
      for (const pair of step.text.match(/[A-Za-z_][A-Za-z0-9_]*=("[^"]*"|\S*)/g) ?? []) {
        const [name, ...value] = pair.split('=');
        state.env[name] = value.join('=').replace(/^"|"$/g, '');
      }
    } else if (step.keyword === 'USER') state.user = step.args[0];
    else if (step.keyword === 'COPY') copy(state, step, context, done, file);
    else if (step.keyword === 'RUN') await run(state, step, skipped, file);
    else if (step.keyword === 'CMD') state.cmd = step.args;
    else if (step.keyword === 'ENTRYPOINT') state.entrypoint = step.args;
  }
  done.push(state);
  return state;
}

/** Replays `dockerfile` up to its last stage, in `dir` (inside a private mount namespace). */
export async function replayDockerfile(
  dockerfile: string,
  context: BuildContext,
  dir: string,
): Promise<Replay> {
  const stages = readStages(dockerfile);
  const final = stages[stages.length - 1];
  const needed = stagesFor(stages, final.name);
  const file = path.basename(dockerfile);
  const skipped = stages
    .filter((stage) => !needed.includes(stage))
    .map((stage) => `${file} stage ${stage.name}: not replayed (the final stage does not need it)`);
  const done: ReplayedStage[] = [];
  let last: ReplayedStage | undefined;
  for (const stage of needed) last = await replayStage(stage, context, done, dir, skipped, file);
  return { final: last as ReplayedStage, skipped };
}
