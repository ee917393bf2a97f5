import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { owner } from './src/content/owner.ts';

const apiTarget = 'http://127.0.0.1:3000';

/** index.html takes the owner's name from the content data, its one source. */
const ownerInIndexHtml: Plugin = {
  name: 'owner-in-index-html',
  transformIndexHtml: (html) => html.replaceAll('%OWNER_NAME%', owner.name),
};

/**
 * The portrait is the largest paint of the start page but is only found once the script
 * runs; a preload in index.html lets the browser fetch it alongside the script.
 */
const preloadPortrait: Plugin = {
  name: 'preload-portrait',
  transformIndexHtml(_html, context) {
    const portrait = Object.keys(context.bundle ?? {}).find((file) =>
      /^assets\/portrait-[\w-]+\.webp$/.test(file),
    );
    if (!portrait) return [];
    return [
      {
        tag: 'link',
        attrs: { rel: 'preload', as: 'image', href: `/${portrait}`, fetchpriority: 'high' },
        injectTo: 'head',
      },
    ];
  },
};

export default defineConfig({
  plugins: [react(), ownerInIndexHtml, preloadPortrait],
  build: {
    // Inlined images would become base64 inside the JS bundle and eat the size budget.
    assetsInlineLimit: 0,
    target: 'es2022',
    // Every browser the site targets supports modulepreload; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
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
