// `vite build --config vite.protected-early.config.ts`, after the client build (package.json):
// the protected page's early script (src/protected-early.ts) as one file of its own in
// dist/assets/, with its own copy of the API client modules it uses. Only the protected page's
// HTML names it (scripts/prerender.mjs), so `/` loads none of it; as a second entry of the
// client build it would share a chunk with the app, one more file for `/`.
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    emptyOutDir: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // Names the file for scripts/prerender.mjs, which removes .vite/ afterwards.
    manifest: '.vite/protected-early.json',
    // A module script without imports: it runs as soon as it arrives.
    rolldownOptions: { input: 'src/protected-early.ts', output: { format: 'es' } },
  },
});
