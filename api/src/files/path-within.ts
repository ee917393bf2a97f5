import { isAbsolute, relative, sep } from 'node:path';

/** Whether `path` is `folder` itself or lies somewhere below it (both absolute). */
export function isWithin(folder: string, path: string): boolean {
  const fromFolder = relative(folder, path);
  return !(fromFolder === '..' || fromFolder.startsWith(`..${sep}`) || isAbsolute(fromFolder));
}
