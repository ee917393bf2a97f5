// Sums what a first visit to a page downloads: the entry script, its
// modulepreloads and the stylesheets that index.html names, gzip-compressed
// as nginx's gzip_static files would be.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  jsGzipBytes: number;
  cssGzipBytes: number;
}

const ASSET_PATTERN = /<(?:script[^>]*\ssrc|link[^>]*\shref)="\/?([^"]+\.(js|css))"/g;

export async function measureBundle(distDir: string): Promise<BundleSize> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const size: BundleSize = { jsGzipBytes: 0, cssGzipBytes: 0 };
  for (const [, file, kind] of html.matchAll(ASSET_PATTERN)) {
    const gzipped = gzipSync(await readFile(join(distDir, file)), { level: 9 }).length;
    if (kind === 'js') size.jsGzipBytes += gzipped;
    else size.cssGzipBytes += gzipped;
  }
  return size;
}
