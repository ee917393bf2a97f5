// The settings of .env that choose what runs (docs/backup.md#wiederherstellen):
// the compose files, project and profiles, the images and their tag. A restored
// .env keeps this computer's values for them, so an archive (an old one pinning
// an old tag, or one restored with SKIP_ORIGIN_CHECK naming an image) never
// chooses on its own what `make restore` then starts; the restore says so in
// one line. Compose reads .env with a parser of its own (`KEY: value`,
// `exportKEY=…`, no backtick quotes), so every line that could set one of them
// to anything else is replaced, not only what Node's parser sees.
import { open, readFile } from 'node:fs/promises';
import { parseEnv } from 'node:util';
import type { Env } from '../../config/env-readers';

export const RUNNING_SETTINGS = [
  'COMPOSE_FILE',
  'COMPOSE_PATH_SEPARATOR',
  'COMPOSE_PROFILES',
  'COMPOSE_PROJECT_NAME',
  'PORTFOLIO_IMAGES',
  'PORTFOLIO_TAG',
] as const;

/** Every line any reader could take as setting `name`. */
const definition = (name: string) =>
  new RegExp(`^[ \\t]*(export)?[ \\t]*${name}[ \\t]*[=:].*(\\n|$)`, 'gm');

/** One line parseEnv and a POSIX shell read alike; single quotes hold anything but a quote. */
const line = (name: string, value: string) =>
  /^[\w./:@+-]*$/.test(value) ? `${name}=${value}\n` : `${name}='${value.replace(/'/g, '')}'\n`;

/** Whether each of `lines` sets `name` to `value` and nothing else, for every reader. */
const plainly = (lines: string[], name: string, value: string) =>
  lines.every((each) => {
    const parsed = parseEnv(each) as Record<string, string>;
    return (
      Object.keys(parsed).join() === name && parsed[name] === value && !/:/.test(each.split('=')[0])
    );
  });

/** `restored` with `current`'s value of each setting; those it changed, described. */
export function keepRunning(restored: string, current: Env): { text: string; kept: string[] } {
  const archived = parseEnv(restored) as Record<string, string | undefined>;
  let text = restored;
  const kept: string[] = [];
  for (const name of RUNNING_SETTINGS) {
    const [before, here] = [archived[name] ?? '', current[name] ?? ''];
    const lines = text.match(definition(name)) ?? [];
    if (before === here && plainly(lines, name, here)) continue;
    text = text.replace(definition(name), '');
    if (here) text = `${text.endsWith('\n') || !text ? text : `${text}\n`}${line(name, here)}`;
    const was = before === here ? 'im Archiv anders geschrieben' : `im Archiv „${before}“`;
    kept.push(`${name}=„${here}“ (${was})`);
  }
  return { text, kept };
}

/**
 * Applies keepRunning to the staged .env at `path`, in place (its owner and mode stay the
 * archive's); the owner's line, if anything was kept.
 */
export async function keepRunningIn(path: string, current: Env): Promise<string | undefined> {
  const { text, kept } = keepRunning(await readFile(path, 'utf8'), current);
  if (kept.length === 0) return undefined;
  const file = await open(path, 'r+');
  try {
    await file.truncate(0);
    await file.write(text, 0, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  return (
    `Aus der bisherigen .env behalten: ${kept.join(', ')}; was startet, wählst du dort ` +
    '(docs/backup.md#wiederherstellen).'
  );
}
