// Copies exactly the files the built API loads at run time into a folder,
// so the API image carries no package the API never requires (TypeScript,
// template engines, type definitions, other builds of the same library).
//
//   npx tsx api/scripts/ship-runtime.ts <root> <out>
//
// <root> holds api/dist and a production-only node_modules (`npm ci
// --omit=dev`); dependencies are resolved from there only, so a run-time
// import of a dev dependency is missing from <out> and fails at start.
import { nodeFileTrace } from '@vercel/nft';
import { cp, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

async function distFiles(root: string): Promise<string[]> {
  const dist = path.join(root, 'api', 'dist');
  const entries = await readdir(dist, { recursive: true });
  return entries.filter((name) => name.endsWith('.js')).map((name) => path.join(dist, name));
}

async function ship(root: string, out: string): Promise<void> {
  // Every compiled file is an entry: the trace then also covers modules
  // Nest only loads on demand (the ZIP builder is imported on first use).
  const { fileList, warnings } = await nodeFileTrace(await distFiles(root), {
    base: root,
    // Node >= 20.19 resolves require() of dual packages through "module-sync".
    conditions: ['module-sync'],
  });
  // Optional packages that are not installed (Nest's microservices, the
  // mailer's queue and preview) stay out; they are only loaded when used.
  const missing = [...warnings].map(
    (w) => /dependency "([^"]+)"/.exec(w.message)?.[1] ?? w.message,
  );
  if (missing.length > 0)
    console.log(`ship-runtime: not installed, left out: ${[...new Set(missing)].join(', ')}`);
  for (const file of fileList) {
    const target = path.join(out, file);
    await mkdir(path.dirname(target), { recursive: true });
    await cp(path.join(root, file), target, { dereference: true });
  }
  console.log(`ship-runtime: ${fileList.size} files from ${root} into ${out}`);
}

const [root, out] = process.argv.slice(2);
if (!root || !out) {
  console.error('usage: tsx api/scripts/ship-runtime.ts <root> <out>');
  process.exit(2);
}
ship(path.resolve(root), path.resolve(out)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
