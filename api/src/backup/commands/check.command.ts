// backup check, the restore drill (docs/backup.md, "Die Probe: lässt sich die
// Kopie lesen?"): the newest archive and in turn the older one read least
// recently, each checked whole as a restore would, without touching the site.
// Too old fails, and so does a date in the future or one its name does not bear
// (an archive dated 2099 would stay the newest). Under Docker, backup fetch
// brings the copies with network, check ORDNER --fetched reads them without.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  currentIndex,
  indexAsWritten,
  INDEX_NAME,
  readIndex,
  UNCHECKED,
  writtenIndex,
} from '../archive/archive-index';
import { readArchive } from '../archive/archive-reader';
import { ArchiveRefusedError, describeStores } from '../archive/backup-manifest';
import { parseJson, shown } from '../backup-text';
import { CLOCK_SKEW_MS, namedAt, ourArchives } from '../archive/retention';
import { readState, writeState } from '../backup-state';
import { offsiteOf, type Offsite } from '../offsite/offsite-copy';
import { trustFor, wrongCall, type Call } from './call';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** When each archive was read last (backup-state.ts). */
const CHECKED = 'checked.json';
/** The remote's names, beside the copies the off-site container fetched for the drill. */
const FETCHED_NAMES = 'remote-names.txt';

type Checked = Record<string, string>;
type Proof = Awaited<ReturnType<typeof trustFor>>;
type IndexKey = Parameters<typeof readIndex>[1];
type IndexFound = Awaited<ReturnType<typeof currentIndex>>;

/** An age in the largest whole unit that keeps it readable: minutes, hours, days. */
function describeAge(ms: number): string {
  if (ms < 2 * HOUR) return `${Math.max(0, Math.round(ms / 60_000))} Minuten`;
  if (ms < 2 * DAY) return `${Math.round(ms / HOUR)} Stunden`;
  return `${Math.round(ms / DAY)} Tage`;
}

const readChecked = async (project: string) =>
  parseJson<Checked>(await readState(project, CHECKED)) ?? {};

/** The newest of `names` (oldest first), and the one read least recently (never, then oldest). */
export function drillPicks(names: string[], checked: Checked): string[] {
  const [newest, ...older] = [...names].reverse();
  if (newest === undefined) return [];
  const when = (name: string) => checked[name] ?? '';
  const next = older.reverse().sort((a, b) => when(a).localeCompare(when(b)))[0];
  return next === undefined ? [newest] : [newest, next];
}

/** Reads one archive whole; throws its one line, naming it. */
async function checkOne(folder: string, name: string, where: string, proof: Proof, now: Date) {
  const refuse = (reason: string) => new ArchiveRefusedError(`${name} in ${where}: ${reason}`);
  const { manifest } = await readArchive(join(folder, name), proof).catch((error: unknown) => {
    throw error instanceof ArchiveRefusedError ? refuse(error.message) : error;
  });
  if (!namedAt(name, manifest.createdAt))
    throw refuse(`der Name trägt eine andere Zeit als das Manifest (${manifest.createdAt})`);
  const age = now.getTime() - Date.parse(manifest.createdAt);
  if (age < -CLOCK_SKEW_MS) throw refuse(`datiert in der Zukunft (${manifest.createdAt})`);
  return { manifest, age };
}

/**
 * What keeps the copies in `folder` from being proven the site's: no valid index, and
 * archive-like names the site did not make (by the index, else by the one this project
 * wrote last: someone else writes there, or the index was lost). Undefined: nothing.
 */
async function unproven(names: string[], where: string, found: IndexFound, project: string) {
  const made = found.index?.names ?? (await writtenIndex(project))?.names;
  const unknown = made ? ourArchives(names).filter((name) => !made.has(name)) : [];
  const faults = [
    found.problem && `${found.problem}: make backup legt es neu ab`,
    unknown.length > 0 &&
      `Unbekannt in ${where}, nicht von dieser Website (nie gezählt, nie gelöscht): ` +
        `${unknown.map(shown).join(', ')}; wer schreibt dort? Eigene Archive übernimmt ` +
        'make backup-adopt, fremde löschen (docs/backup.md)',
  ].filter(Boolean);
  return faults.length > 0 ? `${faults.join('. ')}.` : undefined;
}

/** The drill over BACKUP_DIR, or over copies fetched from the remote (`listed`: its names). */
async function drillFolder(folder: string, listed: string[] | undefined, proof: Proof, call: Call) {
  const { project } = call;
  const signer = proof.trust.signer?.key;
  const where = (listed && call.config.remote) || folder;
  // Away from the Pi, an unsigned index proves something only as the one this project wrote.
  const found =
    listed && !signer
      ? await indexAsWritten(folder, project, where)
      : await currentIndex(folder, signer, project, where);
  if (found.problem) call.print(`${found.problem}: jedes Archiv wird einzeln geprüft.`);
  const faults = await unproven(listed ?? (await readdir(folder)), where, found, project);
  // The archives are read all the same; a refusal then names what else is wrong too.
  await readPicks(folder, where, found.index?.names, proof, call).catch((error: unknown) => {
    if (faults && error instanceof Error) error.message += ` ${faults}`;
    throw error;
  });
  if (faults) throw new Error(faults);
}

/** Reads the newest archive `known` counts and the one read least recently, and records it. */
async function readPicks(
  folder: string,
  where: string,
  known: Set<string> | undefined,
  proof: Proof,
  { config, print, project }: Call,
) {
  const counts = (name: string) => !known || known.has(name);
  const checked = await readChecked(project);
  const [newest, older] = drillPicks(ourArchives(await readdir(folder)).filter(counts), checked);
  if (!newest) throw new Error(`Kein Archiv in ${where}: es gibt keine Sicherung zum Prüfen.`);
  const now = new Date();
  const first = await checkOne(folder, newest, where, proof, now);
  const what = `${newest} in ${where}, ${describeAge(first.age)} alt`;
  if (first.age > config.maxAgeMs)
    throw new Error(
      `Neuestes Archiv zu alt: ${what}, mehr als BACKUP_MAX_AGE (${describeAge(config.maxAgeMs)}); ` +
        'die nächtliche Sicherung oder ihre Kopie läuft nicht (make backup, crontab prüfen).',
    );
  const second = older === undefined ? undefined : await checkOne(folder, older, where, proof, now);
  const read = [...Object.entries(checked), [newest, now.toISOString()]];
  if (older) read.push([older, now.toISOString()]);
  const record = Object.fromEntries(read.filter(([name]) => counts(name)));
  await writeState(project, CHECKED, `${JSON.stringify(record)}\n`);
  print(`Neuestes Archiv in Ordnung: ${what}: ${describeStores(first.manifest.stores)}`);
  if (second)
    print(
      `Älteres Archiv in Ordnung: ${older}, ${describeAge(second.age)} alt: ${describeStores(second.manifest.stores)}`,
    );
}

/** The remote's index and the archives the drill reads, fetched into `scratch`; the remote's names. */
async function fetchForDrill(offsite: Offsite, scratch: string, indexKey: IndexKey, call: Call) {
  const names = await offsite.list();
  if (names.includes(INDEX_NAME)) await offsite.fetch(INDEX_NAME, scratch);
  const known = indexKey && (await readIndex(scratch, indexKey))?.names;
  const candidates = ourArchives(names).filter((name) => !known || known.has(name));
  const picks = drillPicks(candidates, await readChecked(call.project));
  for (const name of picks) await offsite.fetch(name, scratch);
  return names;
}

/** backup fetch: the copies the drill reads (as the index, unchecked, names them) and the names. */
export async function fetchCopies(call: Call): Promise<void> {
  const { values, config } = call;
  if (!values.into || !config.remote) throw wrongCall();
  const offsite = offsiteOf(call.env, { ...config, remote: config.remote });
  const names = await fetchForDrill(offsite, values.into, UNCHECKED, call);
  await writeFile(join(values.into, FETCHED_NAMES), names.map((name) => `${name}\n`).join(''));
}

/** The restore drill: the remote's copies fetched into a scratch folder, or BACKUP_DIR's. */
export async function check(args: string[], call: Call): Promise<void> {
  const { values, config } = call;
  const [folder] = args;
  if (values['skip-origin-check']) throw wrongCall();
  // The key first: a missing key file is said before anything is fetched.
  const proof = await trustFor(call, { readOnly: true });
  if (folder !== undefined) {
    const fetched = values.fetched
      ? await readFile(join(folder, FETCHED_NAMES), 'utf8')
      : undefined;
    return drillFolder(folder, fetched?.split('\n').filter(Boolean), proof, call);
  }
  const { remote } = config;
  if (!remote || !values.offsite) return drillFolder(config.dir, undefined, proof, call);
  const offsite = offsiteOf(call.env, { ...config, remote });
  const scratch = await mkdtemp(join(tmpdir(), 'portfolio-backup-check-'));
  try {
    const names = await fetchForDrill(offsite, scratch, proof.trust.signer?.key, call);
    await drillFolder(scratch, names, proof, call);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
