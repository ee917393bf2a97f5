// Sums what a first visit to a page downloads (the files web/scripts/start-page-files.mjs
// names from the build's manifest), gzip-compressed as nginx's gzip_static files would be.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { startPageFiles } from '@portfolio/web/start-page-files';

export interface BundleSize {
  jsGzipBytes: number;
  cssGzipBytes: number;
}

async function gzipBytes(files: string[]): Promise<number> {
  let total = 0;
  for (const file of files) total += gzipSync(await readFile(file), { level: 9 }).length;
  return total;
}

/** `manifestPath`: where the build put Vite's manifest, if not in `<distDir>/.vite/`. */
export async function measureBundle(distDir: string, manifestPath?: string): Promise<BundleSize> {
  const { scripts, styles } = startPageFiles(distDir, manifestPath);
  return { jsGzipBytes: await gzipBytes(scripts), cssGzipBytes: await gzipBytes(styles) };
}
