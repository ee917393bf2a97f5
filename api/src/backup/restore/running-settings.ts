// The settings of .env that choose what runs (docs/backup.md#wiederherstellen):
// the compose files, the images and their tag. A restored .env keeps this
// computer's values for them, so an archive (an old one pinning an old tag, or
// one restored with SKIP_ORIGIN_CHECK naming an image) never chooses on its own
// what `make restore` then starts; the restore says so in one line.
import { open, readFile } from 'node:fs/promises';
import { parseEnv } from 'node:util';
import type { Env } from '../../config/env-readers';

export const RUNNING_SETTINGS = ['COMPOSE_FILE', 'PORTFOLIO_IMAGES', 'PORTFOLIO_TAG'] as const;

const definition = (name: string) =>
  new RegExp(`^[ \\t]*(export[ \\t]+)?${name}[ \\t]*=.*(\\n|$)`, 'gm');

/** One line parseEnv and a POSIX shell read alike; single quotes hold anything but a quote. */
const line = (name: string, value: string) =>
  /^[\w./:@+-]*$/.test(value) ? `${name}=${value}\n` : `${name}='${value.replace(/'/g, '')}'\n`;

/** `restored` with `current`'s value of each setting that differs; those settings, described. */
export function keepRunning(restored: string, current: Env): { text: string; kept: string[] } {
  const archived = parseEnv(restored) as Record<string, string | undefined>;
  let text = restored;
  const kept: string[] = [];
  for (const name of RUNNING_SETTINGS) {
    const [before, here] = [archived[name] ?? '', current[name] ?? ''];
    if (before === here) continue;
    text = text.replace(definition(name), '');
    if (here) text = `${text.endsWith('\n') || !text ? text : `${text}\n`}${line(name, here)}`;
    kept.push(`${name}=„${here}“ (im Archiv „${before}“)`);
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
