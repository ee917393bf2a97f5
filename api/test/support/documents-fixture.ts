import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_DOCUMENTS_DIR } from '../../src/config/paths';
import { DocumentGroup, MANIFEST_FILE } from '../../src/manifest/manifest';
import { scratchDir } from './scratch';

export const REPO_DOCUMENTS_DIR = DEFAULT_DOCUMENTS_DIR;

export async function readRepoManifest(): Promise<DocumentGroup[]> {
  return JSON.parse(await readFile(join(REPO_DOCUMENTS_DIR, MANIFEST_FILE), 'utf8'));
}

/**
 * A scratch copy of the repository's documents folder inside a fresh temp folder;
 * `remove` frees its space early, the test file's end removes it anyway.
 */
export async function copyDocuments(): Promise<{
  root: string;
  dir: string;
  remove: () => Promise<void>;
}> {
  const root = scratchDir('api-documents-');
  const dir = join(root, 'documents');
  await cp(REPO_DOCUMENTS_DIR, dir, { recursive: true });
  return { root, dir, remove: () => rm(root, { recursive: true, force: true }) };
}
