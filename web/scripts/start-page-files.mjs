// What a first visit to `/` downloads, from Vite's build manifest: the entry script with what it
// imports (the app's chunk, React included), and the stylesheet (its file; the pages carry it
// inline, vite.config.ts). The chunks the app imports lazily (side routes, and what it
// fetches once the page is idle) come later and are not counted.
// One source for the size budget (web/.size-limit.js) and the benchmark (bench/src/bundle-size.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the site's build leaves Vite's manifest: beside dist/, which nginx serves. */
export const MANIFEST_FILE = 'dist-manifest.json';

/**
 * @param {string} distDir a Vite build (the site's web/dist, or the benchmark's floor page)
 * @param {string} manifestPath its manifest; by default where Vite writes it
 * @returns {{ scripts: string[], styles: string[] }} absolute paths of the built files
 */
export function startPageFiles(distDir, manifestPath = join(distDir, '.vite', 'manifest.json')) {
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} fehlt: zuerst \`npm run build -w web\` ausführen.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error(`${manifestPath} nennt keinen Einstieg index.html`);

  const chunks = new Set();
  const addWithImports = (key) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key].imports ?? []) addWithImports(imported);
  };
  addWithImports('index.html');

  const inDist = (file) => join(distDir, file);
  const all = [...chunks].map((key) => manifest[key]);
  // With one stylesheet for the whole site (cssCodeSplit: false) the manifest names it apart.
  const css = [...all.flatMap((chunk) => chunk.css ?? []), manifest['style.css']?.file];
  return {
    scripts: all.map((chunk) => inDist(chunk.file)),
    styles: [...new Set(css.filter(Boolean))].map(inDist),
  };
}
