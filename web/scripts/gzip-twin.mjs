// Gzip twins (`file.gz`), which nginx sends in a file's place to a browser that takes gzip
// (gzip_static, nginx/templates/gzip.conf): a page then goes out whole, with its length, rather
// than compressed on the fly in chunks, so a phone parses it in one go before its first layout,
// and nginx spends no CPU per request. One way of making them for the build
// (scripts/precompress.mjs) and for the benchmark's pages and references.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

/** What nginx would compress on the fly (gzip_types), by file name. */
const TEXT = /\.(?:html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

/** Writes `file.gz` for these contents of `file`, or removes a stale one where gzip is no smaller. */
export async function writeGzipTwin(file, content) {
  const compressed = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  if (compressed.length < Buffer.byteLength(content)) await writeFile(`${file}.gz`, compressed);
  else await rm(`${file}.gz`, { force: true });
}

/** A gzip twin for every text file below `dir`. */
export async function precompressFolder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((item) => item.isFile() && TEXT.test(item.name))) {
    const file = join(entry.parentPath, entry.name);
    await writeGzipTwin(file, await readFile(file));
  }
}
