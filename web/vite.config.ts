import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { owner } from './src/content/owner.ts';
import { prePaintScript } from './src/hydration/pre-paint-script.ts';

const apiTarget = 'http://127.0.0.1:3000';

// The API's contract file, the one source of the limits both sides enforce (also in tsconfig.json).
const contactLimits = fileURLToPath(new URL('../api/src/mail/contact-limits.ts', import.meta.url));

/** index.html takes the owner's name from the content data, its one source. */
const ownerInIndexHtml: Plugin = {
  name: 'owner-in-index-html',
  transformIndexHtml: (html) => html.replaceAll('%OWNER_NAME%', owner.name),
};

const PRE_PAINT_FILE = 'pre-paint.js';

/** Serves and emits /pre-paint.js, which index.html loads before the first paint. */
const prePaint: Plugin = {
  name: 'pre-paint-script',
  configureServer(server) {
    server.middlewares.use(`/${PRE_PAINT_FILE}`, (_request, response) => {
      response.setHeader('Content-Type', 'text/javascript');
      response.end(prePaintScript());
    });
  },
  generateBundle(options) {
    // The client build only; the prerender (SSR) build needs no browser script.
    if (options.format !== 'es' || this.environment?.config.consumer === 'server') return;
    this.emitFile({ type: 'asset', fileName: PRE_PAINT_FILE, source: prePaintScript() });
  },
};

export default defineConfig({
  plugins: [react(), ownerInIndexHtml, prePaint],
  resolve: { alias: { '@contract/contact-limits': contactLimits } },
  build: {
    // Inlined images would become base64 inside the JS bundle and eat the size budget.
    assetsInlineLimit: 0,
    target: 'es2022',
    // Every browser the site targets supports modulepreload; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    // One stylesheet: every extra render-blocking request delays the first paint on a phone.
    cssCodeSplit: false,
    // Names the files `/` loads, for its size budget and the benchmark (scripts/start-page-files.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The entry's import() helper keeps a chunk of its own: inside the app's chunk it
            // would make the entry import the app at once instead of after the first paint.
            { name: 'preload-helper', test: /preload-helper/, priority: 1 },
            // The app with everything it imports, libraries included, as one file that the
            // route chunks import from: fewer requests and ~1 kB less than the automatic split.
            { name: 'start-app', test: /[\\/]src[\\/]start-app\.tsx$|[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': apiTarget } },
  preview: { proxy: { '/api': apiTarget } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
