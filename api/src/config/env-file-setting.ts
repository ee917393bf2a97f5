// One setting of a project's .env written by an owner's command (make password):
// its line replaced, or appended when there is none, and every other byte of
// the file kept, comments, order, quoting and line endings included.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../files/durable-file';
import { ownAs } from '../files/file-ownership';

const ASSIGNMENT = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/;
const QUOTES = new Set(['"', "'", '`']);

interface Entry {
  /** The variable a line assigns, if it assigns one. */
  name?: string;
  /** The entry's physical lines, each with its own line ending. */
  lines: string[];
}

/** Whether `text` holds `quote` that no backslash escapes. */
function closes(text: string, quote: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === quote) return true;
  }
  return false;
}

// A quoted value may span lines (Node's parser and Compose both read it so),
// so a line inside one is never taken for a setting of its own.
function entriesOf(text: string): Entry[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const entries: Entry[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const found = ASSIGNMENT.exec(lines[i].replace(/\r?\n$/, ''));
    const entry: Entry = { name: found?.[1], lines: [lines[i]] };
    const quote = found?.[2][0];
    if (quote && QUOTES.has(quote) && !closes(found[2].slice(1), quote)) {
      while (i + 1 < lines.length) {
        entry.lines.push(lines[(i += 1)]);
        if (closes(lines[i], quote)) break;
      }
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * `envText` with `name` set to `value`: the first line that sets it replaced
 * (keeping its line ending), later ones dropped, or a new last line.
 */
export function withSetting(envText: string, name: string, value: string): string {
  const line = `${name}=${value}`;
  let replaced = false;
  const kept = entriesOf(envText).flatMap(({ name: assigned, lines }) => {
    if (assigned !== name) return lines;
    if (replaced) return [];
    replaced = true;
    return [`${line}${/\r?\n$/.exec(lines.at(-1) ?? '')?.[0] ?? '\n'}`];
  });
  const text = kept.join('');
  if (replaced) return text;
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  return `${text}${separator}${line}\n`;
}

/** The value as written on the first line that sets `name`, if any. */
export function readSetting(envText: string, name: string): string | undefined {
  const entry = entriesOf(envText).find((candidate) => candidate.name === name);
  return entry && ASSIGNMENT.exec(entry.lines.join('').replace(/\r?\n$/, ''))?.[2];
}

/**
 * Changes `project`/.env through `change`, replaced whole and owner-only. Run
 * as root (the Docker tools, or sudo), the file goes back to whoever owned
 * it, else to the owner of the project folder. Returns the file's path.
 */
export async function changeSettings(
  project: string,
  change: (envText: string) => string,
): Promise<string> {
  const envFile = join(project, '.env');
  const envText = await readFile(envFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const owner = await stat(envFile).catch(() => stat(project));
  await replaceFileDurably(envFile, change(envText), { mode: 0o600 });
  await ownAs(envFile, owner);
  return envFile;
}

/** Sets `name` in `project`/.env; returns the file's path. */
export const writeSetting = (project: string, name: string, value: string) =>
  changeSettings(project, (envText) => withSetting(envText, name, value));
