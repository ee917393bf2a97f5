// import-x/no-cycle follows value imports only: `import type` edges are skipped, so a cycle
// made of types alone (the texts and the code that loads them once formed one of ten files)
// passes it. This rule walks every relative import, types included, and reports an import
// whose file leads back to the one importing it.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

function isSourceFile(candidate) {
  try {
    return /\.[mc]?[jt]sx?$/.test(candidate) && statSync(candidate).isFile();
  } catch {
    return false; // missing, or a path through a file (style.css/index.ts)
  }
}

/** The file a relative specifier names, or undefined (packages, assets, missing files). */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [...EXTENSIONS.map((ext) => base + ext), base.replace(/\.js$/, '.ts')];
  return candidates.find(isSourceFile);
}

// One lint run reads each file once; a file that changed since (an editor) is read again.
const cache = new Map();
function importsOf(file, text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName, pos }) => ({ target: resolve(file, fileName), pos }))
    .filter(({ target }) => target !== undefined);
}
function importsOnDisk(file) {
  const modified = statSync(file).mtimeMs;
  const cached = cache.get(file);
  if (cached?.modified === modified) return cached.imports;
  const imports = importsOf(file, readFileSync(file, 'utf8'));
  cache.set(file, { modified, imports });
  return imports;
}

/** The files from `start` back to `goal`, or undefined when none leads there. */
function pathBack(start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { target } of importsOnDisk(file)) {
      if (target === goal) {
        const route = [file];
        while (cameFrom.get(route[0])) route.unshift(cameFrom.get(route[0]));
        return route;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return undefined;
}

export const typeImportCycles = {
  rules: {
    'no-cycle': {
      meta: {
        type: 'problem',
        docs: { description: 'Forbid import cycles, type-only imports included.' },
        schema: [],
      },
      create(context) {
        const file = context.physicalFilename;
        return {
          Program() {
            for (const { target, pos } of importsOf(file, context.sourceCode.text)) {
              const route = pathBack(target, file);
              if (!route) continue;
              const names = [file, ...route].map((step) => path.relative(context.cwd, step));
              context.report({
                loc: context.sourceCode.getLocFromIndex(pos),
                message: `Import cycle, type imports included: ${[...names, names[0]].join(' → ')}`,
              });
            }
          },
        };
      },
    },
  },
};
