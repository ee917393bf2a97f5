import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { minifySync, type Plugin } from 'vite';
import { owner } from './src/content/owner.ts';
import { prePaintScript } from './src/hydration/pre-paint-script.ts';

const apiTarget = 'http://127.0.0.1:3000';

/** index.html takes the owner's name from the content data, its one source. */
const ownerInIndexHtml: Plugin = {
  name: 'owner-in-index-html',
  transformIndexHtml: (html) => html.replaceAll('%OWNER_NAME%', owner.name),
};

/** Beside the built pages: the hashes nginx's CSP allows for inline scripts (nginx/render-config.sh). */
const CSP_SCRIPT_HASHES_FILE = 'csp-script-hashes.txt';

/** The CSP source that allows exactly this inline script. */
const cspHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The pre-paint script as it goes into every page: minified, since each page carries it. */
function inlinePrePaintScript(): string {
  const { code, errors } = minifySync('pre-paint.js', prePaintScript());
  if (errors.length > 0) throw new Error(`pre-paint script: ${errors[0].message}`);
  return code;
}

/**
 * Puts the pre-paint script inline in <head> (a file of its own would cost a round trip before
 * the first paint) and writes its hash to dist/csp-script-hashes.txt, from where nginx's
 * Content-Security-Policy allows exactly this script and no other inline one.
 */
const prePaint: Plugin = {
  name: 'pre-paint-script',
  transformIndexHtml: (html) =>
    html.replace('<!--pre-paint-->', () => `<script>${inlinePrePaintScript()}</script>`),
  generateBundle(options) {
    // The client build only; the prerender (SSR) build needs no browser script.
    if (options.format !== 'es' || this.environment?.config.consumer === 'server') return;
    this.emitFile({
      type: 'asset',
      fileName: CSP_SCRIPT_HASHES_FILE,
      source: `${cspHash(inlinePrePaintScript())}\n`,
    });
  },
};

/**
 * React Router's package.json points every bundler at its development build, whose warnings
 * (about 0.5 kB gzip) would ship to every visitor; the production build lies beside it. The
 * site's builds take that one; `vite dev` and the tests keep the warnings.
 */
function reactRouterProduction(): { find: RegExp; replacement: string }[] {
  const production = (specifier: string) =>
    fileURLToPath(
      import.meta.resolve(specifier).replace('/dist/development/', '/dist/production/'),
    );
  return ['react-router', 'react-router/dom'].map((specifier) => ({
    find: new RegExp(`^${specifier}$`),
    replacement: production(specifier),
  }));
}

export default defineConfig(({ command }) => ({
  plugins: [react(), ownerInIndexHtml, prePaint],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  build: {
    // Inlined images would become base64 inside the JS bundle and eat the size budget.
    assetsInlineLimit: 0,
    target: 'es2022',
    // Every browser the site targets supports modulepreload; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    // One stylesheet, which the prerender puts inline into every page (scripts/prerender.mjs).
    cssCodeSplit: false,
    // Names the files `/` loads, for its size budget and the benchmark (scripts/start-page-files.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The app with everything it imports, libraries included, as one file that the
            // route chunks import from: fewer requests and ~1 kB less than the automatic split.
            { name: 'start-app', test: /[\\/]src[\\/]start-app\.tsx$|[\\/]node_modules[\\/]/ },
            // Except the owner page's libraries (passkeys, QR codes): only /verwaltung loads them.
            {
              name: 'owner-libraries',
              test: /[\\/]node_modules[\\/](?:@simplewebauthn|qrcode|dijkstrajs)[\\/]/,
              priority: 1,
            },
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
}));
