// The last build step: a gzip twin (`file.gz`) beside every text file of dist/, which nginx
// sends as it is (gzip_static, nginx/templates/gzip.conf). A page then goes out whole, with its
// length, instead of compressed on the fly in chunks: a phone parses it in one go before its
// first layout, and nginx spends no CPU per request. Written only where it is smaller.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
/** What nginx would compress on the fly (gzip_types), by file name. */
const TEXT = /\.(?:html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

const entries = await readdir(dist, { recursive: true, withFileTypes: true });
for (const entry of entries.filter((item) => item.isFile() && TEXT.test(item.name))) {
  const file = join(entry.parentPath, entry.name);
  const content = await readFile(file);
  const compressed = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  if (compressed.length < content.length) await writeFile(`${file}.gz`, compressed);
}
