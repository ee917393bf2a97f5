// Budgets for what the start page loads (issue 3): the entry script and stylesheet that
// dist/index.html references, plus anything it preloads. The lazy chunks of the side
// routes and of the legal popups are not loaded by `/` and so are not counted. 96 kB since
// issue 11: hydrating the prerendered page and its session variants cost ~0.8 kB.
import { existsSync, readFileSync } from 'node:fs';

const indexHtml = new URL('./dist/index.html', import.meta.url);
if (!existsSync(indexHtml)) {
  throw new Error('web/dist/index.html fehlt: zuerst `npm run build -w web` ausführen.');
}
const html = readFileSync(indexHtml, 'utf8');

function referenced(pattern) {
  return [...html.matchAll(pattern)].map((match) => `dist${match[1]}`);
}

const scripts = [
  ...referenced(/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g),
  ...referenced(/<link[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/g),
];
const styles = referenced(/<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g);

export default [
  { name: 'JavaScript für /', path: scripts, limit: '96 kB', gzip: true },
  { name: 'CSS für /', path: styles, limit: '15 kB', gzip: true },
];
