// The docs hold together: every link between them, and every `docs/<file>.md#<section>` a
// source file names, reaches a file and a heading that exist, and docs/*.md stay within
// their size (each topic explained once, see docs/architecture.md#docs). Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const root = path.resolve(import.meta.dirname, '..');
const DOCS_BYTE_BUDGET = 100_000;

// Walked rather than asked of git: `make test`'s container has the sources but no git.
const SKIPPED = new Set(['.git', 'node_modules', 'dist', 'dist-ssr', 'test-results', 'results']);

/** The repository's files below `dir`, as paths from the root, without builds and dependencies. */
function filesBelow(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.local')) return [];
    const file = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? filesBelow(file) : entry.isFile() ? [file] : [];
  });
}

const tracked = filesBelow('');
const markdownFiles = tracked.filter((file) => file.endsWith('.md'));
const read = (file) => readFileSync(path.join(root, file), 'utf8');
/** A Markdown file's text without its fenced code blocks, where `#` and `](` are not Markdown. */
const withoutCodeBlocks = (file) => read(file).replace(/^```[\s\S]*?^```/gm, '');

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const anchorsByFile = new Map();

/** The anchors of a Markdown file's headings, read once per file. */
function anchorsOf(file) {
  if (!anchorsByFile.has(file)) anchorsByFile.set(file, headingAnchors(file));
  return anchorsByFile.get(file);
}

function headingAnchors(file) {
  const anchors = new Set();
  const seen = new Map();
  for (const [, heading] of withoutCodeBlocks(file).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}

/** Why `target` (a path from the root, maybe with #anchor) does not resolve, or undefined. */
function brokenTarget(target) {
  const [file, anchor] = target.split('#');
  if (!existsSync(path.join(root, file))) return `${file} does not exist`;
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  if (statSync(path.join(root, file)).isDirectory()) return `${file} is a folder`;
  return anchorsOf(file).has(decodeURIComponent(anchor))
    ? undefined
    : `${file} has no heading #${anchor}`;
}

test('every link in the Markdown files reaches a file and a heading', () => {
  const broken = [];
  for (const file of markdownFiles) {
    for (const [, target] of withoutCodeBlocks(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const resolved = target.startsWith('#')
        ? `${file}${target}`
        : path.posix.join(path.posix.dirname(file), target);
      const why = brokenTarget(resolved);
      if (why) broken.push(`${file}: (${target}): ${why}`);
    }
  }
  assert.deepEqual(broken, []);
});

test('every docs section a source file names exists', () => {
  const broken = [];
  for (const file of tracked.filter((name) =>
    /\.(ts|tsx|mjs|js|sh|conf|yml|json)$|Makefile$|Dockerfile/.test(name),
  )) {
    for (const [target] of read(file).matchAll(/docs\/[a-z-]+\.md#[\p{L}\p{N}_-]+/gu)) {
      const why = brokenTarget(target);
      if (why) broken.push(`${file}: ${why}`);
    }
  }
  assert.deepEqual(broken, []);
});

test(`docs/*.md hold at most ${DOCS_BYTE_BUDGET} bytes`, () => {
  const docs = markdownFiles.filter((file) => /^docs\/[^/]+\.md$/.test(file));
  const bytes = docs.reduce((sum, file) => sum + statSync(path.join(root, file)).size, 0);
  assert.ok(bytes <= DOCS_BYTE_BUDGET, `docs/*.md: ${bytes} bytes`);
});
