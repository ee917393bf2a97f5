// The reference for what the app's JavaScript costs a page: the very same
// prerendered HTML, stylesheet and images with every script removed. A page
// cannot paint sooner than this copy of itself; the LCP goal is a ratio to it. Each page's gzip
// twin is written again, so nginx sends the copy as it sends the site's pages.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeGzipTwin } from '@portfolio/web/gzip-twin';

const PAGES = ['index.html', 'en/index.html', 'all-projects.html', 'en/all-projects.html'];
const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>|<link rel="modulepreload"[^>]*>/g;

/** Copies the built site into `<workDir>/script-free` without its scripts; returns that folder. */
export async function buildScriptFree(webDist: string, workDir: string): Promise<string> {
  const outDir = join(workDir, 'script-free');
  await cp(webDist, outDir, { recursive: true });
  for (const page of PAGES) {
    const file = join(outDir, page);
    const withoutScripts = (await readFile(file, 'utf8')).replace(SCRIPTS, '');
    await writeFile(file, withoutScripts);
    await writeGzipTwin(file, withoutScripts);
  }
  return outDir;
}
