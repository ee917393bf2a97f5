// Writes the prerendered pages into dist/ after both Vite builds (client and SSR), in every
// language (German at the root, English under en/, as nginx serves them): index.html (/),
// all-projects.html and 404.html hold each route's markup and head tags, and start their app
// after the largest paint (src/hydration/deferred-entry.ts); spa.html keeps the empty shell
// for the client-rendered routes (filtered projects), with the language's `lang`,
// the owner's name as its title and the no-script note. protected.html is the documents page's
// frame: its early script (src/protected-early.ts) starts before the app's entry, and the
// files to preload include the page's chunks; so are the owner's page's (verwaltung.html, German
// only, as every visit to it starts: signed out). sitemap.xml and robots.txt name the pages at
// the owner's address.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { MANIFEST_FILE } from './start-page-files.mjs';

const dist = new URL('../dist/', import.meta.url);
const ssrDir = new URL('../dist-ssr/', import.meta.url);
const ROOT = '<div id="root"></div>';
const HTML_START = '<html lang="de">';
const NOSCRIPT = /<noscript>.*?<\/noscript>/s;

/** The pages search engines list; the 404 page is prerendered besides. */
const INDEXED = ['/', '/all-projects'];
const PAGES = [...INDEXED, '/404', '/protected'];

const {
  renderRoute,
  HEAD_END_MARKER,
  deferAppEntry,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  localePath,
  noscriptOf,
  owner,
  shellTitle,
} = await import(new URL('entry-server.js', ssrDir).href);
const shell = await readFile(new URL('index.html', dist), 'utf8');
const readJson = async (file) => JSON.parse(await readFile(new URL(file, dist), 'utf8'));
const manifest = await readJson('.vite/manifest.json');
const earlyScript = (await readJson('.vite/protected-early.json'))['src/protected-early.ts'].file;

/** The built files of manifest entries and what they import, but those the shell loads. */
function chunkFiles(keys, files = new Set()) {
  for (const key of keys) {
    const { file, imports = [] } = manifest[key];
    if (files.has(file)) continue;
    files.add(file);
    chunkFiles(imports, files);
  }
  return [...files].filter((file) => !shell.includes(`/${file}"`));
}

/**
 * The documents page's own modules: its early script, started with the entry after the largest
 * paint like every page's, and its chunks (in English its texts too) to preload then.
 */
function protectedModules(language) {
  const chunks = ['src/pages/protected/protected-page.tsx'];
  if (language !== DEFAULT_LANGUAGE) chunks.push('src/content/en/index.ts');
  return { before: [`/${earlyScript}`], preloads: preloadsOf(chunks) };
}

const preloadsOf = (chunks) => chunkFiles(chunks).map((file) => `/${file}`);

/** The owner's page: German only; its chunks preloaded like the documents page's. */
const OWNER_PAGE = {
  url: '/verwaltung',
  modules: { before: [], preloads: preloadsOf(['src/pages/owner/owner-page.tsx']) },
};
for (const part of [ROOT, HTML_START]) {
  if (!shell.includes(part)) throw new Error(`dist/index.html enthält kein ${part}`);
}

/** The file of an address: `/` → index.html, `/en/all-projects` → en/all-projects.html. */
const fileOf = (url) => (url.endsWith('/') ? `${url.slice(1)}index.html` : `${url.slice(1)}.html`);

/** One page's file: the language's shell around the route's markup and head tags. */
async function writePage(languageShell, url, own) {
  const html = await renderRoute(url);
  const [head, app, ...rest] = html.split(HEAD_END_MARKER);
  if (app === undefined || rest.length > 0)
    throw new Error(`${url}: ${HEAD_END_MARKER} nicht genau einmal im gerenderten HTML`);
  const file = deferAppEntry(languageShell, own)
    .replace('</head>', `${head}</head>`)
    .replace(ROOT, () => `<div id="root">${app}</div>`);
  await writeFile(new URL(fileOf(url), dist), file);
}

for (const language of LANGUAGES) {
  const languageShell = shell
    .replace(HTML_START, `<html lang="${language}">`)
    .replace(NOSCRIPT, `<noscript>${await noscriptOf(language)}</noscript>`);
  await mkdir(new URL(localePath(language, '/').slice(1) || '.', dist), { recursive: true });
  for (const page of PAGES) {
    const own = page === '/protected' ? protectedModules(language) : undefined;
    await writePage(languageShell, localePath(language, page), own);
  }
  if (language === DEFAULT_LANGUAGE)
    await writePage(languageShell, OWNER_PAGE.url, OWNER_PAGE.modules);
  await writeFile(
    new URL(fileOf(localePath(language, '/spa')), dist),
    languageShell.replace('</head>', `${shellTitle}</head>`),
  );
}

// Each page with its alternates in every language, `x-default` the German one.
const address = (language, page) => `${owner.siteUrl}${localePath(language, page)}`;
const alternates = (page) =>
  [...LANGUAGES.map((language) => [language, language]), ['x-default', DEFAULT_LANGUAGE]]
    .map(
      ([hreflang, language]) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${address(language, page)}"/>`,
    )
    .join('\n');
const urls = LANGUAGES.flatMap((language) =>
  INDEXED.map(
    (page) => `  <url>\n    <loc>${address(language, page)}</loc>\n${alternates(page)}\n  </url>`,
  ),
);
await writeFile(
  new URL('sitemap.xml', dist),
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`,
);
const disallowed = LANGUAGES.map((language) => `Disallow: ${localePath(language, '/protected')}`);
await writeFile(
  new URL('robots.txt', dist),
  `User-agent: *\nAllow: /\n${disallowed.join('\n')}\n\nSitemap: ${owner.siteUrl}/sitemap.xml\n`,
);

await rm(ssrDir, { recursive: true, force: true });
// Vite's manifest names the build's files for the size budget and the benchmark; nginx serves
// dist/, so it moves out.
await rename(new URL('.vite/manifest.json', dist), new URL(`../${MANIFEST_FILE}`, dist));
await rm(new URL('.vite/', dist), { recursive: true });
