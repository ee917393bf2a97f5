// Let's Encrypt's test CA on loopback: pebble (the ACME server) with
// pebble-challtestsrv as its DNS, answering every name with 127.0.0.1, so
// HTTP-01 validation reaches the nginx under test on `httpPort`.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { freePort, type ManagedProcess, startProcess, stopProcess } from '@portfolio/stack';
import { makeSelfSignedCertificate } from './certificate';

export interface Pebble {
  directoryUrl: string;
  /** Pebble's own TLS certificate, for certbot's REQUESTS_CA_BUNDLE. */
  caBundle: string;
  stop(): Promise<void>;
}

export const pebbleInstalled = () =>
  spawnSync('sh', [
    '-c',
    'command -v pebble && command -v pebble-challtestsrv && command -v certbot',
  ]).status === 0;

async function waitForPort(port: number, child: ManagedProcess, name: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not listen on ${port}: ${child.recentOutput()}`);
}

/** pebble.json: where pebble listens, its own certificate, and where it checks challenges. */
export function pebbleConfigJson(pebble: {
  listenAddress: string;
  managementListenAddress: string;
  certificate: string;
  privateKey: string;
  httpPort: number;
  tlsPort: number;
}): string {
  return JSON.stringify({
    pebble: { ...pebble, ocspResponderURL: '', externalAccountBindingRequired: false },
  });
}

export async function startPebble(dir: string, httpPort: number): Promise<Pebble> {
  const dnsPort = await freePort();
  const acmePort = await freePort();
  const certificate = await makeSelfSignedCertificate(dir);
  const config = path.join(dir, 'pebble.json');
  await writeFile(
    config,
    pebbleConfigJson({
      listenAddress: `127.0.0.1:${acmePort}`,
      managementListenAddress: `127.0.0.1:${await freePort()}`,
      certificate: certificate.certFile,
      privateKey: certificate.keyFile,
      httpPort,
      tlsPort: await freePort(),
    }),
  );
  const dns = startProcess(
    'challtestsrv',
    'pebble-challtestsrv',
    [
      '-dns01',
      `127.0.0.1:${dnsPort}`,
      '-defaultIPv6',
      '',
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
      '-management',
      `127.0.0.1:${await freePort()}`,
    ],
    {},
    () => undefined,
  );
  const pebble = startProcess(
    'pebble',
    'pebble',
    ['-config', config, '-dnsserver', `127.0.0.1:${dnsPort}`],
    { env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' } },
    () => undefined,
  );
  await waitForPort(acmePort, pebble, 'pebble');
  return {
    directoryUrl: `https://127.0.0.1:${acmePort}/dir`,
    caBundle: certificate.certFile,
    stop: async () => {
      await stopProcess(pebble);
      await stopProcess(dns);
    },
  };
}
