// The floor: the smallest page built with the same libraries and bundler as
// the site (React, ReactDOM, React Router's declarative BrowserRouter, Vite),
// from bench/floor/. What the site ships above it is the app's own weight.
// Precompressed as the site's build is, so nginx sends both the same way.
import { join } from 'node:path';
import { build } from 'vite';
import { precompressFolder } from '@portfolio/web/gzip-twin';

const FLOOR_SOURCE = join(import.meta.dirname, '..', 'floor');

/** Builds the floor page into `<workDir>/floor-dist` and returns that folder. */
export async function buildFloor(workDir: string): Promise<string> {
  const outDir = join(workDir, 'floor-dist');
  // Without this, Vite's API (unlike its CLI) resolves the libraries'
  // development builds.
  process.env.NODE_ENV = 'production';
  await build({
    root: FLOOR_SOURCE,
    mode: 'production',
    logLevel: 'error',
    configFile: false,
    // The manifest names what the page loads, as for the site (web/scripts/start-page-files.mjs).
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  await precompressFolder(outDir);
  return outDir;
}
