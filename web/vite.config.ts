import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { minifySync, type IndexHtmlTransformContext, type Plugin } from 'vite';
import { owner } from './src/content/owner.ts';
import { prePaintScript } from './src/hydration/pre-paint-script.ts';

const apiTarget = 'http://127.0.0.1:3000';

/** index.html takes the owner's name from the content data, its one source. */
const ownerInIndexHtml: Plugin = {
  name: 'owner-in-index-html',
  transformIndexHtml: (html) => html.replaceAll('%OWNER_NAME%', owner.name),
};

/**
 * `vite dev` serves index.html for every address: on the documents page it runs the early script
 * first, as the built page does (scripts/prerender.mjs), so a link's code leaves the address.
 */
const protectedEarlyInDev: Plugin = {
  name: 'protected-early-in-dev',
  apply: 'serve',
  transformIndexHtml: (html, { originalUrl }) =>
    /^(?:\/en)?\/protected(?:[?#]|$)/.test(originalUrl ?? '')
      ? html.replace(
          '<script type="module" src="/src/main.tsx">',
          (entry) => `<script type="module" src="/src/protected-early.ts"></script>\n    ${entry}`,
        )
      : html,
};

/** The page's inline elements whose hashes nginx's CSP allows, and where each list goes (nginx/render-config.sh). */
const CSP_HASHED = [
  { file: 'csp-script-hashes.txt', element: /<script>([\s\S]*?)<\/script>/g },
  { file: 'csp-style-hashes.txt', element: /<style>([\s\S]*?)<\/style>/g },
];

/** The CSP source that allows exactly this inline element. */
const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The pre-paint script as it goes into every page: minified, since each page carries it. */
function inlinePrePaintScript(): string {
  const { code, errors } = minifySync('pre-paint.js', prePaintScript());
  if (errors.length > 0) throw new Error(`pre-paint script: ${errors[0].message}`);
  return code;
}

/** The bundle's one stylesheet link (cssCodeSplit off), replaced by the stylesheet itself. */
function inlineStylesheet(
  html: string,
  bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
): string {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g)];
  if (links.length !== 1) throw new Error(`index.html: ${links.length} Stylesheets statt 1`);
  const [link, fileName] = links[0];
  const css = bundle[fileName];
  if (css?.type !== 'asset') throw new Error(`${fileName} fehlt im Build`);
  return html.replace(link, () => `<style>${String(css.source)}</style>`);
}

/**
 * Puts the pre-paint script and, in a build, the stylesheet inline into <head>: as files, each
 * would cost a request before the first paint, and the stylesheet on a slow phone a style task of
 * its own ahead of the first layout (Lighthouse counted that layout as blocking). Then hashes
 * every inline script and style element of the built page into dist/csp-*-hashes.txt, from where
 * nginx's Content-Security-Policy allows exactly these and no other. The stylesheet's file stays
 * in dist/assets/: the size budget and the benchmark measure it.
 */
const inlineHead: Plugin = {
  name: 'inline-head',
  transformIndexHtml: (html, context) => {
    const page = html.replace(
      '<!--pre-paint-->',
      () => `<script>${inlinePrePaintScript()}</script>`,
    );
    return context.bundle ? inlineStylesheet(page, context.bundle) : page;
  },
  generateBundle: {
    // After Vite has written index.html into the bundle.
    order: 'post',
    handler(options, bundle) {
      // The client build only; the prerender (SSR) build needs no browser page.
      if (options.format !== 'es' || this.environment?.config.consumer === 'server') return;
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('index.html fehlt im Build');
      for (const { file, element } of CSP_HASHED) {
        const hashes = [...String(page.source).matchAll(element)].map((match) => cspHash(match[1]));
        if (hashes.length === 0) throw new Error(`index.html: nichts für ${file}`);
        this.emitFile({ type: 'asset', fileName: file, source: `${hashes.join('\n')}\n` });
      }
    },
  },
};

/** The chunk every page loads: the app with React (build.rolldownOptions below). */
const APP_CHUNK = 'start-app';

/**
 * V8's explicit compile hint: with this first line, Chromium compiles every function of the app's
 * chunk while the file streams in, off the main thread, instead of each on its first call, on the
 * main thread. Nearly all of React's code runs while a page starts, and compiling it there was
 * about 40 % of the start's main-thread script time at Lighthouse's 4 x slowdown. Other browsers
 * read a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the hint above everything else in the chunk, once minification (which drops comments) and
 * Vite (which adds a first line of its own) are done: V8 ignores it on any later line. The file's
 * name, hashed before, still names its content: the line is the same in every build.
 */
const compileHint: Plugin = {
  name: 'compile-hint',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.name === APP_CHUNK) {
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      }
    },
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
  plugins: [react(), ownerInIndexHtml, inlineHead, protectedEarlyInDev, compileHint],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  build: {
    // Inlined images would become base64 inside the JS bundle and eat the size budget.
    assetsInlineLimit: 0,
    target: 'es2022',
    // Every browser the site targets supports modulepreload; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    // One stylesheet, which goes inline into every page (inlineHead).
    cssCodeSplit: false,
    // Names the files `/` loads, for its size budget and the benchmark (scripts/start-page-files.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The app with everything it imports, libraries included, as one file that the
            // route chunks import from: fewer requests and ~1 kB less than the automatic split.
            { name: APP_CHUNK, test: /[\\/]src[\\/]start-app\.tsx$|[\\/]node_modules[\\/]/ },
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
    // The one stylesheet whose rules decide what a visitor can reach: which session variant
    // shows (auth/session-variant.tsx). Others stay out: jsdom lays nothing out.
    css: { include: [/session-variant\.css$/] },
    restoreMocks: true,
    unstubGlobals: true,
    // A test fails on what it asserts, never on how fast this machine runs it.
    testTimeout: 60_000,
  },
}));
