// The base images the product pins, in the engine the suite uses: the real
// ones when the engine has them or can pull them, otherwise, and only in the
// engine the suite started itself, stand-ins (stand-in-builder.ts) under
// the very same names, so Dockerfile.api, Dockerfile.web and the compose
// files build and run unchanged. For arm64 the stand-ins of both
// architectures go to a local registry as manifest lists instead, and the
// engine pulls them from there the way a Raspberry Pi pulls the real ones.
// docs/engine-tests.md lists what a stand-in cannot prove.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '@portfolio/stack';
import { readStages } from '../helpers/dockerfile-stages';
import { mustRun, run } from './command-run';
import { dockerCli, type Engine } from './docker-engine';
import {
  buildStandIns,
  hostArch,
  imageLabel,
  inputsHash,
  nodeRelease,
  type Arch,
} from './stand-in-builder';

export interface BaseImage {
  tag: string;
  /** What the engine runs under that tag: "pulled", "present" or a stand-in's description. */
  source: string;
}

/**
 * Every base image the product names: FROM lines and compose's image keys;
 * for 'site' only those `make up` needs (no `test` stage, no HTTPS overlay, no
 * off-site copy).
 */
export function pinnedImages(scope: 'all' | 'site' = 'all'): string[] {
  const stages = ['Dockerfile.api', 'Dockerfile.web']
    .flatMap((file) => readStages(path.join(repoRoot, file)))
    .filter((stage) => scope === 'all' || stage.name !== 'test');
  const stageNames = new Set(stages.map((stage) => stage.name));
  const fromLines = stages.map((stage) => stage.image).filter((image) => !stageNames.has(image));
  const files =
    scope === 'all'
      ? ['docker-compose.yml', 'docker-compose.tls.yml', 'docker-compose.backup.yml']
      : ['docker-compose.yml'];
  const composeImages = files.flatMap((file) => {
    const compose = parse(readFileSync(path.join(repoRoot, file), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: unknown }>;
    };
    return Object.values(compose.services)
      .filter((service) => service.image && !service.build)
      .map((service) => service.image as string);
  });
  return [...new Set([...fromLines, ...composeImages])];
}

/** The Node release the product pins (node:<version>-…). */
function pinnedNode(tags: string[]): string {
  const version = /^node:(\d+\.\d+\.\d+)/.exec(tags.find((tag) => tag.startsWith('node:')) ?? '');
  if (!version) throw new Error('no node:<version> base image is pinned');
  return version[1];
}

function pulled(engine: Engine, tag: string): boolean {
  if (process.env.ENGINE_PULL === '0') return false;
  try {
    return (
      run(dockerCli, ['pull', '--quiet', tag], { env: engine.env, timeoutMs: 60_000 }).status === 0
    );
  } catch {
    return false;
  }
}

/**
 * Makes every pinned base image available in the engine: present, pulled,
 * or a stand-in of the machine's architecture (built on the first run and
 * whenever its inputs change).
 */
export function ensureBaseImages(engine: Engine, log: (line: string) => void): BaseImage[] {
  const tags = pinnedImages();
  const nodeVersion = pinnedNode(tags);
  const hash = inputsHash(nodeVersion, hostArch);
  const images: BaseImage[] = [];
  const missing: string[] = [];
  for (const tag of tags) {
    const label = imageLabel(engine, tag);
    if (label === '') images.push({ tag, source: 'present' });
    else if (label?.endsWith(`[${hash}]`)) images.push({ tag, source: `stand-in: ${label}` });
    else if (label === undefined && pulled(engine, tag)) images.push({ tag, source: 'pulled' });
    else missing.push(tag);
  }
  if (missing.length > 0 && !engine.own)
    throw new Error(
      `${missing.join(', ')}: neither present nor pullable on ENGINE_DOCKER_HOST; ` +
        'stand-ins are built only in the engine the suite starts itself (leave ENGINE_DOCKER_HOST unset)',
    );
  if (missing.length === 0) return images;
  log(`stand-ins: building ${missing.join(', ')}`);
  const labels = buildStandIns(engine, log, {
    tags: missing,
    arch: hostArch,
    nodeVersion,
    nameFor: (tag) => tag,
  });
  for (const tag of missing) images.push({ tag, source: `stand-in: ${labels.get(tag)}` });
  return images;
}

/** `node:24-alpine` → `library/node:24-alpine`: the repository path a registry knows. */
function registryPath(tag: string): string {
  return tag.includes('/') ? tag : `library/${tag}`;
}

/**
 * Pushes stand-ins of `tags` for every architecture in `arches` to the
 * registry, each tag as one manifest list, so an engine that uses the
 * registry as its Docker Hub mirror pulls `tags` by their real names in the
 * architecture it asks for. The engine keeps no tag of those names itself.
 */
export function publishBaseImages(
  engine: Engine,
  registry: string,
  { tags, arches, log }: { tags: string[]; arches: Arch[]; log: (line: string) => void },
): BaseImage[] {
  const pinned = pinnedNode(pinnedImages());
  const docker = (args: string[]) =>
    mustRun(dockerCli, args, { env: { ...engine.env, DOCKER_CLI_EXPERIMENTAL: 'enabled' } });
  const sources = new Map<string, string[]>(tags.map((tag) => [tag, []]));
  for (const arch of arches) {
    const nodeVersion = nodeRelease(arch, pinned);
    if (nodeVersion !== pinned)
      log(`stand-ins: npm has no Node ${pinned} for ${arch}; its stand-ins carry ${nodeVersion}`);
    const nameFor = (tag: string) => `${registry}/${registryPath(tag)}-${arch}`;
    const labels = buildStandIns(engine, log, { tags, arch, nodeVersion, nameFor });
    for (const tag of tags) {
      docker(['push', '--quiet', nameFor(tag)]);
      sources.get(tag)?.push(labels.get(tag) as string);
    }
  }
  for (const tag of tags) {
    const list = `${registry}/${registryPath(tag)}`;
    run(dockerCli, ['manifest', 'rm', list], {
      env: { ...engine.env, DOCKER_CLI_EXPERIMENTAL: 'enabled' },
    });
    docker(['manifest', 'create', '--insecure', list, ...arches.map((arch) => `${list}-${arch}`)]);
    for (const arch of arches)
      docker(['manifest', 'annotate', '--os', 'linux', '--arch', arch, list, `${list}-${arch}`]);
    docker(['manifest', 'push', '--insecure', '--purge', list]);
  }
  return tags.map((tag) => ({
    tag,
    source: `from the local registry: ${sources.get(tag)?.join('; ')}`,
  }));
}
