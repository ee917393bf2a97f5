// The build context as Docker sends it: the repository's files minus what
// .dockerignore excludes (@balena/dockerignore implements Docker's rules).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';

export interface BuildContext {
  root: string;
  /** Relative paths (forward slashes) of every file sent to the builder. */
  files: Set<string>;
  /** Why a path is not in the context: missing, or excluded by .dockerignore. */
  explainMissing(relative: string): string;
}

export function readBuildContext(root: string): BuildContext {
  const patterns = readFileSync(path.join(root, '.dockerignore'), 'utf8');
  const ignore = dockerignore({ ignorecase: false }).add(patterns);
  const negations = patterns.split('\n').filter((line) => line.trim().startsWith('!'));
  const files = new Set<string>();

  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(path.join(root, relativeDir), { withFileTypes: true })) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // Docker still looks inside an excluded folder when a "!" rule may
        // bring something back; without one, skip it (node_modules, .git).
        const mayReinclude = negations.some((line) => line.includes(relative));
        if (!ignore.ignores(relative) || mayReinclude) walk(relative);
      } else if (!ignore.ignores(relative)) {
        files.add(relative);
      }
    }
  };
  walk('');

  return {
    root,
    files,
    explainMissing: (relative) =>
      existsSync(path.join(root, relative))
        ? `${relative} is excluded by .dockerignore`
        : `${relative} does not exist in the build context`,
  };
}

/** The context files at or below `source` (a file or a folder). */
export function contextFilesUnder(context: BuildContext, source: string): string[] {
  const clean = path.posix
    .normalize(source)
    .replace(/^\.\/?/, '')
    .replace(/\/$/, '');
  if (clean === '' || clean === '.') return [...context.files];
  if (context.files.has(clean)) return [clean];
  return [...context.files].filter((file) => file.startsWith(`${clean}/`));
}
