// A small stand-in for web/dist: the prerendered index.html and all-projects.html, the
// client-rendered shell spa.html, the 404 page, the same four in English under en/, the owner's
// verwaltung.html, hashed assets (one with a
// precompressed .gz twin whose content differs, to prove gzip_static), an
// image and robots.txt.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { scratchDir } from './scratch';

export const INDEX_HTML =
  '<!doctype html><html lang="de"><head><title>Portfolio</title></head><body><div id="root"></div></body></html>\n';
export const ALL_PROJECTS_HTML =
  '<!doctype html><html lang="de"><head><title>Alle Projekte</title></head><body><div id="root"><h1>Alle Projekte</h1></div></body></html>\n';
export const SPA_HTML =
  '<!doctype html><html lang="de"><head></head><body><div id="root"></div></body></html>\n';
export const EN_INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Portfolio</title></head><body><div id="root"></div></body></html>\n';
export const EN_ALL_PROJECTS_HTML =
  '<!doctype html><html lang="en"><head><title>All projects</title></head><body><div id="root"><h1>All projects</h1></div></body></html>\n';
export const EN_SPA_HTML =
  '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>\n';
export const OWNER_HTML =
  '<!doctype html><html lang="de"><head><title>Verwaltung</title></head><body><div id="root"><h1>Verwaltung</h1></div></body></html>\n';
export const NOT_FOUND_HTML =
  '<!doctype html><html lang="de"><head><title>Seite nicht gefunden</title></head><body><div id="root"><h1>Seite nicht gefunden</h1></div></body></html>\n';
export const EN_NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><head><title>Page not found</title></head><body><div id="root"><h1>Page not found</h1></div></body></html>\n';
export const APP_JS = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;
export const PRECOMPRESSED_CSS = 'body{color:green}/* from the .gz file */\n';

export async function makeStaticSite(): Promise<string> {
  const root = scratchDir('portfolio-site-');
  await mkdir(path.join(root, 'assets'));
  await mkdir(path.join(root, 'en'));
  await writeFile(path.join(root, 'index.html'), INDEX_HTML);
  await writeFile(path.join(root, 'all-projects.html'), ALL_PROJECTS_HTML);
  await writeFile(path.join(root, 'spa.html'), SPA_HTML);
  await writeFile(path.join(root, 'verwaltung.html'), OWNER_HTML);
  await writeFile(path.join(root, 'en', 'index.html'), EN_INDEX_HTML);
  await writeFile(path.join(root, 'en', 'all-projects.html'), EN_ALL_PROJECTS_HTML);
  await writeFile(path.join(root, 'en', 'spa.html'), EN_SPA_HTML);
  await writeFile(path.join(root, '404.html'), NOT_FOUND_HTML);
  await writeFile(path.join(root, 'en', '404.html'), EN_NOT_FOUND_HTML);
  await writeFile(path.join(root, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await writeFile(path.join(root, 'assets', 'index-Bx12abcd.js'), APP_JS);
  await writeFile(path.join(root, 'assets', 'index-Cc34efgh.css'), 'body{color:red}\n');
  await writeFile(path.join(root, 'assets', 'index-Cc34efgh.css.gz'), gzipSync(PRECOMPRESSED_CSS));
  await writeFile(path.join(root, 'profile.webp'), Buffer.from('RIFF0000WEBP'));
  // nginx started by root reads the files as an unprivileged worker.
  for (const dir of [root, path.join(root, 'assets'), path.join(root, 'en')])
    await chmod(dir, 0o755);
  return root;
}
