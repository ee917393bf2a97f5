// The owner's list of documents (DOCUMENTS_DIR/manifest.json, docs/operations.md#dokumente):
// its sections and their files. Read where documents are served and where a
// link's sections are chosen, so it lies below both.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DocumentFile {
  name: string;
  filename: string;
}

export interface DocumentGroup {
  section: string;
  files: DocumentFile[];
}

export const MANIFEST_FILE = 'manifest.json';

// A plain name inside the documents folder: no separators, NUL or control
// characters, not `.`/`..`, and never the manifest itself.
const SAFE_NAME = /^[^/\\\p{Cc}]+$/u;

function isSafeName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    SAFE_NAME.test(value) &&
    value.trim() === value &&
    value !== '.' &&
    value !== '..' &&
    value !== MANIFEST_FILE
  );
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function parseFile(raw: unknown, where: string): DocumentFile {
  const file = (raw ?? {}) as Record<string, unknown>;
  if (!isText(file.name)) throw new Error(`${where}: "name" must be a non-empty text`);
  if (!isSafeName(file.filename)) throw new Error(`${where}: "filename" must be a plain file name`);
  return { name: file.name, filename: file.filename };
}

function parseGroup(raw: unknown, index: number): DocumentGroup {
  const group = (raw ?? {}) as Record<string, unknown>;
  const where = `group ${index + 1}`;
  // The section also names the group's folder in documents.zip.
  if (!isSafeName(group.section)) throw new Error(`${where}: "section" must be a plain name`);
  if (!Array.isArray(group.files)) throw new Error(`${where}: "files" must be a list`);
  const files = group.files.map((file, fileIndex) =>
    parseFile(file, `${where}, file ${fileIndex + 1}`),
  );
  return { section: group.section, files };
}

/** Validates the manifest's shape; every filename and section may appear only once. */
export function parseManifest(raw: unknown): DocumentGroup[] {
  if (!Array.isArray(raw)) throw new Error('the manifest must be a list of groups');
  const groups = raw.map(parseGroup);
  const filenames = groups.flatMap((group) => group.files.map((file) => file.filename));
  const sections = groups.map((group) => group.section);
  const duplicate = [filenames, sections]
    .flatMap((names) => names.filter((name, index) => names.indexOf(name) !== index))
    .shift();
  if (duplicate) throw new Error(`"${duplicate}" is listed more than once`);
  return groups;
}

export async function loadManifest(documentsDir: string): Promise<DocumentGroup[]> {
  const path = join(documentsDir, MANIFEST_FILE);
  try {
    return parseManifest(JSON.parse(await readFile(path, 'utf8')));
  } catch (error) {
    throw new Error(`Invalid document manifest ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
