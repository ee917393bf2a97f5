// A container registry on 127.0.0.1 (Debian's docker-registry, the
// reference implementation), for what a Raspberry Pi does with images: it
// pulls them. The suite's engine uses it as its mirror of Docker Hub, so a
// base image pushed here as a manifest list of amd64 and arm64 is pulled
// in the architecture a build stage asks for, and it holds the site's own
// images the way the owner's registry would. Its blobs stay in the cache
// folder between runs.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { freePort } from '@portfolio/stack';
import { request } from '../helpers/http-client';
import { until } from '../helpers/until';
import { cacheDir } from './docker-engine';

export interface LocalRegistry {
  /** host:port, as image names and dockerd's options spell it. */
  address: string;
  stop(): Promise<void>;
}

export async function startRegistry(): Promise<LocalRegistry> {
  const root = path.join(cacheDir, 'registry');
  mkdirSync(path.join(root, 'data'), { recursive: true });
  const address = `127.0.0.1:${await freePort()}`;
  const config = path.join(root, 'config.yml');
  writeFileSync(
    config,
    stringify({
      version: 0.1,
      log: { level: 'warn' },
      storage: {
        filesystem: { rootdirectory: path.join(root, 'data') },
        delete: { enabled: true },
      },
      http: { addr: address },
    }),
  );
  const logFile = path.join(root, 'registry.log');
  const registry = spawn('docker-registry', ['serve', config], {
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
  });
  await until(
    async () => {
      if (registry.exitCode !== null)
        throw new Error(`docker-registry exited:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
      return request(`http://${address}/v2/`).then(
        (response) => response.status === 200,
        () => false,
      );
    },
    'the local registry to answer',
    30_000,
  );
  return {
    address,
    async stop() {
      if (registry.exitCode !== null) return;
      const exited = new Promise((resolve) => registry.once('exit', resolve));
      registry.kill('SIGTERM');
      await exited;
    },
  };
}
