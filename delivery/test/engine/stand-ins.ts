// The base images the product pins, in the engine the suite uses: the real
// ones when the engine has them or can pull them, otherwise, and only in the
// engine the suite started itself, stand-ins built here and tagged with the
// very same names, so Dockerfile.api, Dockerfile.web and the compose files
// build and run unchanged. A stand-in carries the label portfolio.stand-in
// saying what it is; docs/engine-tests.md lists what a stand-in cannot prove.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '@portfolio/stack';
import { readStages } from '../helpers/dockerfile-stages';
import { mustRun, run } from './command-run';
import { cacheDir, dockerCli, type Engine } from './docker-engine';

const standInDir = path.join(__dirname, 'stand-ins');
const contextDir = path.join(cacheDir, 'stand-in-context');
const ROOTFS_IMAGE = 'portfolio-stand-in/debian-rootfs:bookworm';
const DEBIAN_IMAGE = 'portfolio-stand-in/debian:bookworm';
const LABEL = 'portfolio.stand-in';

export interface BaseImage {
  tag: string;
  /** What the engine runs under that tag: "pulled", "present" or a stand-in's description. */
  source: string;
}

type Kind = 'node' | 'nginx' | 'mailpit' | 'certbot';

const KINDS: Array<[RegExp, Kind, string]> = [
  [/^node:/, 'node', 'Debian bookworm + the official Node binary and npm from the npm registry'],
  [/^nginx:/, 'nginx', "Debian bookworm + Debian's nginx (1.22)"],
  [
    /^axllent\/mailpit:/,
    'mailpit',
    'Debian + Node: SMTP, SQLite store and REST API of the stand-in',
  ],
  [/^certbot\/certbot:/, 'certbot', "Debian bookworm + Debian's certbot (2.1)"],
];

/** Every base image the product names: FROM lines and compose's image keys. */
export function pinnedImages(): string[] {
  const stages = ['Dockerfile.api', 'Dockerfile.web'].flatMap((file) =>
    readStages(path.join(repoRoot, file)),
  );
  const stageNames = new Set(stages.map((stage) => stage.name));
  const fromLines = stages.map((stage) => stage.image).filter((image) => !stageNames.has(image));
  const composeImages = ['docker-compose.yml', 'docker-compose.tls.yml'].flatMap((file) => {
    const compose = parse(readFileSync(path.join(repoRoot, file), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: unknown }>;
    };
    return Object.values(compose.services)
      .filter((service) => service.image && !service.build)
      .map((service) => service.image as string);
  });
  return [...new Set([...fromLines, ...composeImages])];
}

function kindOf(tag: string): [Kind, string] {
  const found = KINDS.find(([pattern]) => pattern.test(tag));
  if (!found) throw new Error(`no stand-in is known for ${tag}`);
  return [found[1], found[2]];
}

function imageLabel(engine: Engine, tag: string): string | undefined {
  const result = run(
    dockerCli,
    ['image', 'inspect', '--format', `{{index .Config.Labels "${LABEL}"}}`, tag],
    { env: engine.env },
  );
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The Debian base's inputs: its Dockerfile and the machine's CA store. */
function debianHash(): string {
  return createHash('sha256')
    .update(readFileSync(path.join(standInDir, 'debian-base.Dockerfile')))
    .update(readFileSync('/etc/ssl/certs/ca-certificates.crt'))
    .digest('hex')
    .slice(0, 12);
}

/** The stand-ins' inputs: a new Dockerfile or Node version builds them anew. */
function inputsHash(nodeVersion: string): string {
  const hash = createHash('sha256').update(nodeVersion);
  for (const file of readdirSync(standInDir).sort())
    hash.update(file).update(readFileSync(path.join(standInDir, file)));
  return hash.digest('hex').slice(0, 12);
}

function npmPackInto(spec: string, target: string, keep: (entry: string) => boolean) {
  const download = path.join(contextDir, 'download');
  mkdirSync(download, { recursive: true });
  const file = mustRun('npm', ['pack', spec, '--silent', '--pack-destination', download]).trim();
  const unpacked = path.join(download, 'unpacked');
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked);
  mustRun('tar', ['-xzf', path.join(download, file.split('\n').pop() as string), '-C', unpacked]);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(path.join(unpacked, 'package')).filter(keep))
    mustRun('cp', ['-a', path.join(unpacked, 'package', entry), target]);
}

/** The build context: the stand-ins' files and the machine's CA store. */
function prepareContext() {
  mkdirSync(contextDir, { recursive: true });
  for (const file of readdirSync(standInDir))
    copyFileSync(path.join(standInDir, file), path.join(contextDir, file));
  copyFileSync('/etc/ssl/certs/ca-certificates.crt', path.join(contextDir, 'machine-ca.crt'));
}

/** The stand-ins' Debian: debootstrap once, then the machine's CA on top. */
function ensureDebianBase(engine: Engine, log: (line: string) => void, hash: string) {
  if (imageLabel(engine, DEBIAN_IMAGE)?.endsWith(`[${hash}]`)) return;
  prepareContext();
  if (imageLabel(engine, ROOTFS_IMAGE) === undefined) {
    const rootfs = path.join(cacheDir, 'debootstrap');
    rmSync(rootfs, { recursive: true, force: true });
    log('stand-ins: debootstrap of Debian bookworm (about a minute, once)');
    mustRun('debootstrap', [
      '--variant=minbase',
      '--include=ca-certificates,wget',
      'bookworm',
      rootfs,
      process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
    ]);
    mustRun('sh', ['-c', `tar -C '${rootfs}' -c . | '${dockerCli}' import - ${ROOTFS_IMAGE}`], {
      env: engine.env,
    });
    rmSync(rootfs, { recursive: true, force: true });
  }
  build(engine, {
    file: 'debian-base.Dockerfile',
    tags: [DEBIAN_IMAGE],
    args: { ROOTFS_IMAGE },
    label: `Debian bookworm [${hash}]`,
  });
}

/** An image of the suite's own (a test CA, say) on the stand-ins' Debian. */
export function buildFixtureImage(engine: Engine, file: string, tag: string) {
  ensureDebianBase(engine, () => undefined, debianHash());
  build(engine, { context: path.join(__dirname, 'fixtures'), file, tags: [tag] });
}

/** `docker build` of a file in `context` (the stand-ins' by default), on the stand-ins' Debian. */
function build(
  engine: Engine,
  {
    context = contextDir,
    file,
    tags,
    args = { BASE: DEBIAN_IMAGE },
    label,
  }: {
    context?: string;
    file: string;
    tags: string[];
    args?: Record<string, string>;
    /** The stand-in's description; fixtures carry none. */
    label?: string;
  },
) {
  mustRun(
    dockerCli,
    [
      'build',
      '-f',
      path.join(context, file),
      ...tags.flatMap((tag) => ['-t', tag]),
      ...Object.entries(args).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]),
      ...(label ? ['--label', `${LABEL}=${label}`] : []),
      context,
    ],
    { env: engine.env },
  );
}

/** Builds the missing stand-ins; the Debian base is already there (ensureBaseImages). */
function buildStandIns(engine: Engine, missing: string[], hash: string, nodeVersion: string) {
  prepareContext();
  const byKind = new Map<Kind, string[]>();
  for (const tag of missing) {
    const [kind] = kindOf(tag);
    byKind.set(kind, [...(byKind.get(kind) ?? []), tag]);
  }
  const label = (tag: string) => `${kindOf(tag)[1]} [${hash}]`;
  const nodeTags = byKind.get('node') ?? [];
  const nodeImage = nodeTags[0] ?? `portfolio-stand-in/node:${nodeVersion}`;
  if (nodeTags.length > 0 || byKind.has('mailpit')) {
    const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
    npmPackInto(`node-linux-${arch}@${nodeVersion}`, path.join(contextDir, 'node'), (entry) =>
      ['bin', 'LICENSE'].includes(entry),
    );
    npmPackInto(`npm@${npmMajor(nodeVersion)}`, path.join(contextDir, 'npm'), () => true);
    build(engine, {
      file: 'node.Dockerfile',
      tags: [nodeImage, ...nodeTags.slice(1)],
      label: label(nodeImage),
    });
  }
  for (const [kind, tags] of byKind) {
    if (kind === 'node') continue;
    build(engine, {
      file: `${kind}.Dockerfile`,
      tags,
      args: { BASE: DEBIAN_IMAGE, NODE: nodeImage },
      label: label(tags[0]),
    });
  }
}

/** npm's major line that the Node release bundles (Node 24: npm 11). */
function npmMajor(nodeVersion: string): string {
  return Number(nodeVersion.split('.')[0]) >= 24 ? '11' : '10';
}

/**
 * Makes every pinned base image available in the engine: present, pulled,
 * or a stand-in (built on the first run and whenever its inputs change).
 */
export function ensureBaseImages(engine: Engine, log: (line: string) => void): BaseImage[] {
  const tags = pinnedImages();
  const nodeVersion = /^node:(\d+\.\d+\.\d+)/.exec(
    tags.find((tag) => tag.startsWith('node:')) ?? '',
  )?.[1];
  if (!nodeVersion) throw new Error('no node:<version> base image is pinned');
  const hash = inputsHash(nodeVersion);
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
  if (missing.length > 0) {
    log(`stand-ins: building ${missing.join(', ')}`);
    ensureDebianBase(engine, log, debianHash());
    buildStandIns(engine, missing, hash, nodeVersion);
    for (const tag of missing) images.push({ tag, source: `stand-in: ${imageLabel(engine, tag)}` });
  }
  return images;
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
