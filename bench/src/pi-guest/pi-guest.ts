// A whole arm64 system, as close to a Raspberry Pi as this machine gets:
// Debian bookworm for arm64 with its own kernel and Docker, booted by
// qemu-system-aarch64 (`-M virt`, four Cortex-A72 like a Pi 4, the memory
// of the Pi in question). Unlike qemu-user, the guest's memory is the
// guest kernel's: what a container uses there is what it would use on a
// Pi. The engine suite's client drives the guest's dockerd through a port
// forwarded on 127.0.0.1; the project's checkout is shared with the guest
// (virtio 9p) at the same path, so compose's bind mounts resolve there.
// docs/benchmarks.md, "A whole arm64 system".
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from '@portfolio/stack';
import { mustRun } from '@portfolio/delivery/engine/command-run';
import {
  cacheDir,
  engineAnswering,
  engineEnv,
  type Engine,
} from '@portfolio/delivery/engine/docker-engine';

const guestDir = path.join(cacheDir, 'pi-guest');
const rootDir = path.join(guestDir, 'root');
const diskImage = path.join(guestDir, 'disk.img');
/** The host's loopback as QEMU's user network shows it to the guest. */
const HOST_FROM_GUEST = '10.0.2.2';

/** Files written into the guest's root, relative to it. */
const GUEST_FILES: Record<string, string> = {
  'etc/hostname': 'pi-guest\n',
  'etc/fstab': '/dev/vda / ext4 defaults 0 1\n',
  'etc/systemd/network/10-guest.network': '[Match]\nName=e*\n\n[Network]\nDHCP=ipv4\n',
  // The registry and the shared folder differ every run: the host names
  // them on the kernel command line.
  'usr/local/sbin/portfolio-dockerd': `#!/bin/sh
set -e
for word in $(cat /proc/cmdline); do
  case "$word" in
    portfolio.registry=*) registry=\${word#portfolio.registry=} ;;
    portfolio.share=*) share=\${word#portfolio.share=} ;;
  esac
done
mkdir -p "$share"
mountpoint -q "$share" || mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 share "$share"
exec /usr/sbin/dockerd -H fd:// -H tcp://0.0.0.0:2375 \\
  --containerd=/run/containerd/containerd.sock \\
  --registry-mirror "http://$registry" --insecure-registry "$registry"
`,
  'etc/systemd/system/docker.service.d/guest.conf':
    '[Service]\nExecStart=\nExecStart=/usr/local/sbin/portfolio-dockerd\n',
};

/** Services enabled in the guest: its network and Docker. */
const GUEST_UNITS = [
  'multi-user.target.wants/systemd-networkd.service',
  'sockets.target.wants/systemd-networkd.socket',
  'multi-user.target.wants/containerd.service',
  'multi-user.target.wants/docker.service',
  'sockets.target.wants/docker.socket',
];

function debootstrapGuest(log: (line: string) => void) {
  if (existsSync(path.join(guestDir, 'debootstrap.done'))) return;
  rmSync(rootDir, { recursive: true, force: true });
  log(
    'pi guest: debootstrap of Debian bookworm arm64 with its kernel and Docker (5 to 10 minutes, once)',
  );
  mustRun(
    'debootstrap',
    [
      '--arch=arm64',
      '--variant=minbase',
      '--include=linux-image-arm64,systemd-sysv,udev,kmod,docker.io,iproute2',
      'bookworm',
      rootDir,
      process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
    ],
    { timeoutMs: 40 * 60_000 },
  );
  writeFileSync(path.join(guestDir, 'debootstrap.done'), '');
}

/** The guest's disk, made once from the configured root; every run boots a copy-on-write layer over it. */
function ensureDisk(log: (line: string) => void) {
  if (existsSync(diskImage)) return;
  debootstrapGuest(log);
  for (const [file, text] of Object.entries(GUEST_FILES)) {
    mkdirSync(path.dirname(path.join(rootDir, file)), { recursive: true });
    writeFileSync(path.join(rootDir, file), text, { mode: file.includes('sbin') ? 0o755 : 0o644 });
  }
  for (const unit of GUEST_UNITS) {
    const link = path.join(rootDir, 'etc/systemd/system', unit);
    mkdirSync(path.dirname(link), { recursive: true });
    rmSync(link, { force: true });
    mustRun('ln', ['-s', `/lib/systemd/system/${path.basename(unit)}`, link]);
  }
  mustRun('mkfs.ext4', ['-q', '-F', '-L', 'pi-guest', '-d', rootDir, `${diskImage}.part`, '8G']);
  mustRun('mv', [`${diskImage}.part`, diskImage]);
}

/** The guest kernel and initramfs the root's linux-image-arm64 installed. */
function bootFiles() {
  const boot = path.join(rootDir, 'boot');
  const newest = (prefix: string) => {
    const file = readdirSync(boot)
      .filter((name) => name.startsWith(prefix))
      .sort()
      .at(-1);
    if (!file) throw new Error(`no ${prefix}* in the guest's /boot`);
    return path.join(boot, file);
  };
  return { kernel: newest('vmlinuz-'), initrd: newest('initrd.img-') };
}

export interface PiGuest {
  engine: Engine;
  /** The folder shared with the guest at the same path: the project's checkout goes in here. */
  share: string;
  /** The local registry as the guest reaches it. */
  registry: string;
  /** Host ports on 127.0.0.1 forwarded to the same ports of the guest. */
  ports: { web: number; mailpit: number };
}

export interface PiGuestOptions {
  memoryMb: number;
  /** The local registry, host:port on 127.0.0.1. */
  registry: string;
  log: (line: string) => void;
}

function startQemu(options: PiGuestOptions, share: string, forwards: number[], dockerPort: number) {
  const { kernel, initrd } = bootFiles();
  const overlay = path.join(share, '..', `${path.basename(share)}.qcow2`);
  mustRun('qemu-img', ['create', '-q', '-f', 'qcow2', '-F', 'raw', '-b', diskImage, overlay]);
  const registry = `${HOST_FROM_GUEST}:${options.registry.split(':')[1]}`;
  const hostfwd = [
    `tcp:127.0.0.1:${dockerPort}-:2375`,
    ...forwards.map((port) => `tcp:127.0.0.1:${port}-:${port}`),
  ]
    .map((rule) => `hostfwd=${rule}`)
    .join(',');
  const console = path.join(guestDir, 'console.log');
  const qemu = spawn(
    'qemu-system-aarch64',
    [
      ...['-M', 'virt', '-cpu', 'cortex-a72', '-smp', '4', '-m', String(options.memoryMb)],
      ...[
        '-accel',
        'tcg,thread=multi',
        '-nographic',
        '-monitor',
        'none',
        '-serial',
        `file:${console}`,
      ],
      ...['-kernel', kernel, '-initrd', initrd],
      '-append',
      // Debian's kernel turns AppArmor on, and Docker then needs the
      // apparmor tools to load its profile; the containers' memory does not
      // depend on it, so the guest runs without.
      `root=/dev/vda rw console=ttyAMA0 apparmor=0 portfolio.registry=${registry} portfolio.share=${share}`,
      ...['-drive', `file=${overlay},if=virtio,format=qcow2`],
      ...['-netdev', `user,id=net0,${hostfwd}`, '-device', 'virtio-net-pci,netdev=net0,romfile='],
      ...['-virtfs', `local,path=${share},mount_tag=share,security_model=passthrough,id=share`],
    ],
    { stdio: ['ignore', openSync(path.join(guestDir, 'qemu.log'), 'w'), 'inherit'] },
  );
  return { qemu, overlay, registry, console };
}

async function stopQemu(qemu: ChildProcess) {
  if (qemu.exitCode !== null) return;
  const exited = new Promise((resolve) => qemu.once('exit', resolve));
  qemu.kill('SIGTERM');
  await exited;
}

/** Boots a guest of `memoryMb` and waits until its dockerd answers. */
export async function bootPiGuest(options: PiGuestOptions): Promise<PiGuest> {
  ensureDisk(options.log);
  const share = mkdtempSync(path.join(os.tmpdir(), 'portfolio-pi-guest-'));
  const [dockerPort, web, mailpit] = await freePorts(3);
  const { qemu, overlay, registry, console } = startQemu(
    options,
    share,
    [web, mailpit],
    dockerPort,
  );
  const stop = async () => {
    await stopQemu(qemu);
    rmSync(overlay, { force: true });
    rmSync(share, { recursive: true, force: true });
  };
  const host = `tcp://127.0.0.1:${dockerPort}`;
  try {
    const started = Date.now();
    // qemu's console is the guest's log: the kernel's and init's last words.
    const version = await engineAnswering(qemu, host, console, 'the guest', 15 * 60_000);
    options.log(
      `pi guest: ${options.memoryMb} MB booted, Docker ${version} answers after ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return {
      engine: { host, env: engineEnv(host), serverVersion: version, own: true, stop },
      share,
      registry,
      ports: { web, mailpit },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
