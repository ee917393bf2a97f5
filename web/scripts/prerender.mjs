// Writes the prerendered pages into dist/ after both Vite builds (client and SSR):
// dist/index.html (/), dist/all-projects.html and dist/404.html hold each route's markup and
// head tags, and start their app after the largest paint (src/hydration/deferred-entry.ts);
// dist/spa.html keeps the empty shell for the client-rendered routes (/protected).
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { MANIFEST_FILE } from './start-page-files.mjs';

const dist = new URL('../dist/', import.meta.url);
const ssrDir = new URL('../dist-ssr/', import.meta.url);
const ROOT = '<div id="root"></div>';

const PAGES = [
  { url: '/', file: 'index.html' },
  { url: '/all-projects', file: 'all-projects.html' },
  { url: '/404', file: '404.html' },
];

const { renderRoute, HEAD_END_MARKER, deferAppEntry } = await import(
  new URL('entry-server.js', ssrDir).href
);
const shell = await readFile(new URL('index.html', dist), 'utf8');
if (!shell.includes(ROOT)) throw new Error(`dist/index.html enthält kein ${ROOT}`);

for (const { url, file } of PAGES) {
  const html = await renderRoute(url);
  const [head, app, ...rest] = html.split(HEAD_END_MARKER);
  if (app === undefined || rest.length > 0)
    throw new Error(`${url}: ${HEAD_END_MARKER} nicht genau einmal im gerenderten HTML`);
  const page = deferAppEntry(shell)
    .replace('</head>', `${head}</head>`)
    .replace(ROOT, () => `<div id="root">${app}</div>`);
  await writeFile(new URL(file, dist), page);
}
await writeFile(new URL('spa.html', dist), shell);
await rm(ssrDir, { recursive: true, force: true });
// Vite's manifest names the build's files for the size budget and the benchmark; nginx serves
// dist/, so it moves out.
await rename(new URL('.vite/manifest.json', dist), new URL(`../${MANIFEST_FILE}`, dist));
await rm(new URL('.vite/', dist), { recursive: true });
