// The backup tool (docs/backup.md): its commands and options are USAGE below.
// create writes one archive into BACKUP_DIR (encrypted, signed, read back whole
// before it counts); offsite copies the newest to BACKUP_REMOTE with rclone
// and keeps BACKUP_KEEP of the site's own archives there and here (create
// --offsite does both in one process); restore checks the whole archive
// first, then replaces every store, all or none; check is the restore drill.
// STORES: --local (make local's stores), --project DIR (its .env, and
// documents/private when DOCUMENTS_DIR points there), --store NAME=DIR,
// --file NAME=FILE. Settings: --project's .env, else this repository's,
// beneath the environment. Every command takes the lock itself for as long
// as it works (backup-lock.ts); create and restore first resolve a restore
// cut short. Natively: npx tsx api/src/backup/backup.cli.ts (make
// backup-local …); Docker: node dist/backup/backup.cli.js in short-lived
// containers of the API image (make backup …): create, restore and the
// drill without network; offsite and fetch (the drill's copies) with it,
// but without stores, .env or key file.
// Exit codes: 0 done, 1 failed, 2 wrong call.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import {
  parseOwnerArgs,
  runOwnerCommand,
  UsageError,
  type OwnerCommand,
} from '../common/owner-command';
import { readBackupConfig, type BackupConfig } from '../config/app-config';
import { withEnvFile } from '../config/env-file';
import { expandHome } from '../config/backup-readers';
import type { Env } from '../config/env-readers';
import { REPO_ROOT } from '../config/paths';
import { createArchive, type ArchiveSummary } from './archive/archive-writer';
import { formatBytes } from './archive/archive-size';
import { SKIPPED, trustOf } from './archive/archive-trust';
import {
  currentIndex,
  INDEX_NAME,
  readIndex,
  UNCHECKED,
  writeIndex,
  type ArchiveIndex,
} from './archive/archive-index';
import { publicKeyOf } from './archive/archive-signature';
import {
  ArchiveRefusedError,
  describeStores,
  shown,
  type Manifest,
} from './archive/backup-manifest';
import {
  distinctStores,
  localStores,
  parseStore,
  projectStores,
  type Store,
} from './backup-stores';
import { DEFAULT_WAIT_MS, LockBusyError, withBackupLock } from './backup-lock';
import { adoptBackupDir } from '../common/file-owner';
import { readArchive } from './archive/archive-reader';
import { restoreArchive } from './restore/restore';
import { describeRecovery, JOURNALS, recover } from './restore/restore-transaction';
import { namedAt, ourArchives, pruneArchives, surplusOf, takenAt } from './archive/retention';
import { makeBackupKey } from './backup-key';
import { writeHeartbeat } from './backup-heartbeat';
import { leaveFailure, queueFailureMail, takeFailure } from './failure-mail';
import { offsiteOf, type Offsite } from './offsite/offsite-copy';
import { describeUnknown, drill, picksFor } from './restore/restore-drill';
import { describeReturned, passkeysIn } from './restore/restored-passkeys';

const USAGE = `Aufruf (SPEICHER: --local, --project ORDNER, --store NAME=ORDNER, --file NAME=DATEI):
  backup create  [--offsite] SPEICHER
  backup offsite [--project ORDNER]
  backup report  SPEICHER
  backup prune   SPEICHER
  backup verify  ARCHIV [--identity SCHLÜSSELDATEI] [--skip-origin-check] [--skip-name-check] [--json]
  backup restore ARCHIV [--identity SCHLÜSSELDATEI] [--skip-origin-check] [--skip-name-check] SPEICHER
  backup recover SPEICHER
  backup check   [ORDNER [--fetched]] [--offsite] [--identity SCHLÜSSELDATEI] SPEICHER
  backup fetch   --into ORDNER [--project ORDNER]
  backup key     --out SCHLÜSSELDATEI SPEICHER
  backup adopt   --identity SCHLÜSSELDATEI SPEICHER`;

const OPTIONS = {
  local: { type: 'boolean' },
  project: { type: 'string' },
  store: { type: 'string', multiple: true },
  file: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  identity: { type: 'string' },
  'skip-origin-check': { type: 'boolean' },
  'skip-name-check': { type: 'boolean' },
  offsite: { type: 'boolean' },
  fetched: { type: 'boolean' },
  into: { type: 'string' },
  out: { type: 'string' },
  wait: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseOwnerArgs<typeof OPTIONS>>['values'];
type Print = (text: string) => void;

/** What every command works with, read once from the call and the settings. */
interface Call {
  values: Values;
  env: Env;
  config: BackupConfig;
  /** The folder whose .env the tool reads and changes, and where its lock and journals lie. */
  project: string;
  print: Print;
}

/** The project's version: its git commit, else PORTFOLIO_VERSION (the Docker image has no git). */
function projectVersion(env: Env): string {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return commit.toString().trim();
  } catch {
    return env.PORTFOLIO_VERSION || 'unknown';
  }
}

function storesOf({ values, config, project }: Call, forRestore: boolean): Store[] {
  const stores = [
    ...(values.local ? localStores(config, forRestore) : []),
    ...(values.store ?? []).map((argument) => parseStore(argument, 'folder')),
    ...(values.file ?? []).map((argument) => parseStore(argument, 'file')),
    ...(values.project ? projectStores(project, config, forRestore) : []),
  ];
  if (stores.length === 0) throw new UsageError(USAGE);
  return distinctStores(stores);
}

const journalsOf = (call: Call) => join(call.project, JOURNALS);
const signerOf = ({ signingKey }: BackupConfig) => signingKey && publicKeyOf(signingKey);
/** BACKUP_DIR's index (archive-index.ts), or why it does not count. */
const indexOf = ({ config, project }: Call) => currentIndex(config.dir, signerOf(config), project);
/** The archives the site made, as BACKUP_DIR's index knows them: none without one. */
const knownOf = async (call: Call) => new Set((await indexOf(call)).index?.names);

/** Archive-like names in `folder` that `known` does not hold. */
const strangersIn = async (folder: string, known: Set<string>) =>
  ourArchives(await readdir(folder).catch(() => [])).filter((name) => !known.has(name));

/** The newest archive an index names. */
const newestIn = (index: ArchiveIndex | undefined) => ourArchives([...(index?.names ?? [])]).at(-1);

const ADOPT_HINT = 'eigene ältere Archive übernimmt make backup-adopt (docs/backup.md).';

const describePruned = (removed: string[], keep: number) =>
  `${removed.length} alte(s) gelöscht (BACKUP_KEEP=${keep})`;

function describeArchive(summary: ArchiveSummary, removed: string[], keep: number): string[] {
  const absent = summary.absent.length > 0 ? `; nicht vorhanden: ${summary.absent.join(', ')}` : '';
  const pruned = removed.length > 0 ? `; ${describePruned(removed, keep)}` : '';
  const sealed = summary.encrypted ? ', verschlüsselt' : '';
  const lines = [
    `Sicherung ${summary.path} (${formatBytes(summary.bytes)}${sealed}, geprüft): ` +
      `${describeStores(summary.stores)} Datei(en)${absent}${pruned}`,
  ];
  if (!summary.encrypted)
    lines.push(
      'Nicht verschlüsselt: wer das Archiv hat, liest alles darin; ' +
        'make backup-key macht einen Schlüssel und trägt ihn in .env ein (docs/backup.md).',
    );
  else if (!summary.signed)
    lines.push(
      'Nicht signiert (BACKUP_SIGNING_KEY fehlt): die Prüfung mit dem Schlüssel lehnt das Archiv ' +
        'ab; make backup-key macht neue Schlüssel (docs/backup.md).',
    );
  return lines;
}

/** What a backup refuses before it reads a store: copies that would leave, or carry, secrets. */
function refuseUnsafe({ recipients, remote, signingKey }: BackupConfig): void {
  const none = 'make backup-key; kein Archiv geschrieben.';
  // The privacy text promises that copies leave the Pi only encrypted.
  if (remote && recipients.length === 0)
    throw new Error(
      `BACKUP_REMOTE braucht BACKUP_AGE_RECIPIENTS: nur verschlüsselte Archive gehen ausser Haus (${none})`,
    );
  // A plain archive holds .env, and with it the key that signs: whoever read one could sign forgeries.
  if (signingKey && recipients.length === 0)
    throw new Error(
      `BACKUP_SIGNING_KEY braucht BACKUP_AGE_RECIPIENTS: ein unverschlüsseltes Archiv trüge den Signaturschlüssel in sich (${none})`,
    );
}

/**
 * BACKUP_DIR's index for the off-site step. Without the signing key (its
 * container under Docker holds none) it is taken as create wrote it:
 * whoever can write BACKUP_DIR can delete its archives, and with
 * rclone.conf the remote's, without this step's help.
 */
async function offsiteIndex(call: Call) {
  if (call.config.signingKey) return indexOf(call);
  const index = await readIndex(call.config.dir, UNCHECKED);
  return index ? { index } : { problem: `Kein gültiges ${INDEX_NAME} in ${call.config.dir}` };
}

/**
 * The off-site step: the newest archive the index names and the index
 * itself copied to BACKUP_REMOTE and checked there; then the site's archives
 * beyond BACKUP_KEEP deleted there, and only then here. Without a remote it
 * only keeps BACKUP_KEEP here.
 */
async function sendOffsite(call: Call): Promise<void> {
  const { config, print } = call;
  const { dir, remote } = config;
  if (!remote) return prune(call);
  const { index, problem } = await offsiteIndex(call);
  const newest = newestIn(index);
  if (!index || !newest)
    throw new Error(`${problem ?? `Kein Archiv in ${dir}`}: nichts ausser Haus kopiert.`);
  if (!newest.endsWith('.age'))
    throw new Error(
      `${newest} ist nicht verschlüsselt: es bleibt hier, nur verschlüsselte gehen ausser Haus.`,
    );
  const offsite = offsiteOf(call.env, { ...config, remote });
  for (const file of [newest, INDEX_NAME]) print(await offsite.push(join(dir, file)));
  const old = surplusOf(await offsite.list(), config.keep, index.names, newest);
  if (old.length > 0) print(await offsite.remove(old));
  const removed = await pruneArchives(dir, config.keep, index.names, newest);
  if (removed.length > 0) print(`Hier: ${describePruned(removed, config.keep)} in ${dir}`);
}

async function create(call: Call): Promise<void> {
  const { values, config, env } = call;
  const { dir, keep, recipients, remote, signingKey } = config;
  const say = call.print;
  refuseUnsafe(config);
  if (values.project) await adoptBackupDir(dir, call.project);
  const stores = storesOf(call, false);
  // A restore cut short is resolved first: never an archive of half-restored stores.
  for (const recovery of await recover(stores, journalsOf(call))) say(describeRecovery(recovery));
  const summary = await createArchive({
    stores,
    backupDir: dir,
    version: projectVersion(env),
    recipients,
    signingKey,
  });
  const { index, problem } = await indexOf(call);
  const known = new Set(index?.names).add(basename(summary.path));
  if (problem && (await strangersIn(dir, known)).length > 0)
    say(`${problem}: nur das neue Archiv zählt, nichts Älteres wird gelöscht; ${ADOPT_HINT}`);
  await writeIndex(dir, known, { signingKey, project: call.project, archive: summary.path });
  // With a remote, older archives go only once the new one is verified there.
  const removed = remote ? [] : await pruneArchives(dir, keep, known, summary.path);
  for (const line of describeArchive(summary, removed, keep)) say(line);
  const access = stores.find((store) => store.name === 'access');
  const archive = basename(summary.path);
  const at = (takenAt(archive) ?? new Date()).toISOString();
  if (access) await writeHeartbeat(access.path, { archive, at });
  if (values.offsite) await sendOffsite(call);
}

/** BACKUP_KEEP in BACKUP_DIR; prints a line only when it removed something. */
async function prune(call: Call): Promise<void> {
  const { config, print } = call;
  const removed = await pruneArchives(config.dir, config.keep, await knownOf(call));
  if (removed.length > 0) print(`Hier: ${describePruned(removed, config.keep)} in ${config.dir}`);
}

/** The trust for a command of this call (check: read-only, never skipping). */
const trustFor = ({ values, config }: Call, readOnly = false) =>
  trustOf(
    { identity: values.identity, skip: values['skip-origin-check'] === true, readOnly },
    config,
  );

const describeManifest = (archive: string, manifest: Manifest) =>
  `Archiv in Ordnung: ${archive} vom ${manifest.createdAt} (Version ${manifest.version}): ` +
  `${describeStores(manifest.stores)} Datei(en)`;

/** Refuses an archive whose name bears another time than it was made at, unless the owner says so. */
const checkName =
  (archive: string, { values }: Call) =>
  (manifest: Manifest) => {
    if (values['skip-name-check'] || namedAt(archive, manifest.createdAt)) return;
    throw new ArchiveRefusedError(
      `${shown(basename(archive))} trägt eine andere Zeit als sein Manifest (${manifest.createdAt}): ` +
        'ein älteres Archiv unter neuerem Namen? Wer es so will: SKIP_NAME_CHECK=1',
    );
  };

/**
 * --json: one line for scripts, the Makefile's `case` among them (it picks
 * the HTTPS volumes by a store's "name":"letsencrypt"); its fields stay.
 */
async function verify(archive: string, call: Call) {
  const { key, trust } = await trustFor(call);
  const { manifest } = await readArchive(archive, { key, trust });
  checkName(archive, call)(manifest);
  if (trust.skip) console.error(SKIPPED);
  if (!call.values.json) return call.print(describeManifest(archive, manifest));
  const { createdAt, version, stores } = manifest;
  call.print(JSON.stringify({ archive, createdAt, version, stores }));
}

async function restore(archive: string, call: Call): Promise<void> {
  const { print } = call;
  const targets = storesOf(call, true);
  const { key, trust } = await trustFor(call);
  const journals = journalsOf(call);
  for (const recovery of await recover(targets, journals)) print(describeRecovery(recovery));
  const passkeys = await passkeysIn(targets);
  const { manifest, untouched } = await restoreArchive(archive, targets, {
    key,
    trust,
    journals,
    accept: checkName(archive, call),
  });
  if (trust.skip) print(SKIPPED);
  print(describeManifest(archive, manifest));
  const kept =
    untouched.length > 0 ? `; nicht im Archiv, unverändert: ${untouched.join(', ')}` : '';
  print(
    `Wiederhergestellt aus ${archive} vom ${manifest.createdAt}: ` +
      `${describeStores(manifest.stores)} Datei(en)${kept}`,
  );
  for (const line of describeReturned(passkeys, await passkeysIn(targets))) print(line);
}

/** A restore cut short resolved without a new one: finished if it had committed, else rolled back. */
async function recoverRestore(call: Call): Promise<void> {
  const recoveries = await recover(storesOf(call, true), journalsOf(call));
  if (recoveries.length === 0) call.print('Keine unterbrochene Wiederherstellung: nichts zu tun.');
  for (const recovery of recoveries) call.print(describeRecovery(recovery));
}

/**
 * The drill over a folder: BACKUP_DIR, or (`listed`: the remote's names)
 * the remote's copies fetched into it, whose index counts only when signed.
 */
type Proof = Awaited<ReturnType<typeof trustFor>>;

async function drillFolder(
  folder: string,
  listed: string[] | undefined,
  { key, trust }: Proof,
  call: Call,
) {
  const { config, print } = call;
  const signer = trust.signer?.key;
  const where = (listed && config.remote) || folder;
  // Away from the Pi, only a signed index proves anything.
  const { index, problem } =
    listed && !signer
      ? { problem: `Kein gültiges ${INDEX_NAME} in ${where}` }
      : await currentIndex(folder, signer, call.project, where);
  const known = index?.names;
  if (problem) print(`${problem}: jedes Archiv wird einzeln geprüft.`);
  const options = { key, trust, known, project: call.project };
  const lines = await drill({
    folder,
    source: listed && config.remote,
    maxAgeMs: config.maxAgeMs,
    ...options,
  });
  for (const line of lines) print(line);
  // An archive-like name the site did not make: someone else writes there.
  const unknown = known ? describeUnknown(listed ?? (await readdir(folder)), known, where) : [];
  if (unknown.length > 0) throw new Error(unknown.join('\n'));
}

/** The remote's index and the archives the drill reads, fetched into `scratch`; the remote's names. */
async function fetchForDrill(
  offsite: Offsite,
  scratch: string,
  indexKey: string | typeof UNCHECKED | undefined,
  call: Call,
) {
  const names = await offsite.list();
  if (names.includes(INDEX_NAME)) await offsite.fetch(INDEX_NAME, scratch);
  const known = indexKey && (await readIndex(scratch, indexKey))?.names;
  const candidates = ourArchives(names).filter((name) => !known || known.has(name));
  for (const name of await picksFor(candidates, call.project)) await offsite.fetch(name, scratch);
  return names;
}

/** The remote's names, beside the copies the off-site container fetched for the drill. */
const FETCHED_NAMES = 'remote-names.txt';

/**
 * The drill's first half under Docker, with network and without the key
 * file: the index and the copies the drill reads, fetched into --into (as
 * the index, unchecked, names them: the drill checks each), and the
 * remote's names beside them. The second half, check ORDNER --fetched,
 * holds the key and has no network.
 */
async function fetchCopies(call: Call): Promise<void> {
  const { values, config } = call;
  if (!values.into || !config.remote) throw new UsageError(USAGE);
  const offsite = offsiteOf(call.env, { ...config, remote: config.remote });
  const names = await fetchForDrill(offsite, values.into, UNCHECKED, call);
  await writeFile(join(values.into, FETCHED_NAMES), names.map((name) => `${name}\n`).join(''));
}

/** The restore drill: the remote's copies fetched into a scratch folder, or BACKUP_DIR's. */
async function check(args: string[], call: Call): Promise<void> {
  const { values, config } = call;
  const [folder] = args;
  if (values['skip-origin-check']) throw new UsageError(USAGE);
  // The key first: a missing key file is said before anything is fetched.
  const proof = await trustFor(call, true);
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

/**
 * New keys; BACKUP_DIR's index is signed anew with the new signing key, so
 * the archives the old one signed stay the site's own.
 */
async function key(call: Call): Promise<void> {
  const { values, project, print, config } = call;
  if (!values.out) throw new UsageError(USAGE);
  const out = expandHome(values.out);
  const { index } = await indexOf(call);
  const { recipient, signingKey } = await makeBackupKey(project, out);
  const newest = newestIn(index);
  if (index && newest)
    await writeIndex(config.dir, index.names, { signingKey, project, archive: newest });
  print(
    `Öffentlicher Schlüssel ${recipient} und Signaturschlüssel in ${join(project, '.env')} ` +
      'eingetragen (BACKUP_AGE_RECIPIENTS, BACKUP_SIGNING_KEY): ab der nächsten Sicherung ist ' +
      'jedes Archiv verschlüsselt und signiert.',
  );
  print(
    `Geheimer Schlüssel in ${out} (nur für dich lesbar). Er gehört NICHT auf den Pi: jetzt in den Passwort-Manager, auf den eigenen Rechner oder einen USB-Stick in der Schublade kopieren und hier löschen. Ohne ihn sind die verschlüsselten Sicherungen für immer unlesbar.`,
  );
}

/**
 * Takes the archives in BACKUP_DIR that the index does not name and that
 * prove themselves the site's (opened with the key file, signed by the
 * site, named at the time they were made) into the index: after a lost
 * index, or for copies made before there was one. The rest stay strangers.
 */
async function adopt(call: Call): Promise<void> {
  const { config, print, project } = call;
  const { dir, signingKey } = config;
  const { key, trust } = await trustOf(
    { identity: call.values.identity, skip: false, readOnly: false },
    config,
  );
  if (!signingKey || !trust.signer)
    throw new Error(
      'Übernehmen braucht BACKUP_SIGNING_KEY in .env und AGE_IDENTITY=SCHLÜSSELDATEI: nur was ' +
        'die Website signiert hat, wird ihr eigen (make backup-key); nichts verändert.',
    );
  const known = new Set((await indexOf(call)).index?.names);
  const adopted: string[] = [];
  for (const name of await strangersIn(dir, known)) {
    const archive = join(dir, name);
    try {
      checkName(archive, call)((await readArchive(archive, { key, trust })).manifest);
      adopted.push(name);
    } catch (error) {
      print(`Nicht übernommen: ${shown(name)}: ${describeBackupError(error as Error)}`);
    }
  }
  if (adopted.length === 0) return print(`In ${dir} gibt es nichts zu übernehmen.`);
  for (const name of adopted) known.add(name);
  await writeIndex(dir, known, { signingKey, project, archive: adopted.join(', ') });
  print(`Übernommen (${INDEX_NAME} in ${dir}): ${adopted.join(', ')}`);
}

/** The commands under the lock, and how many arguments each takes (at least, at most). */
const LOCKED: Record<string, [number, number, (call: Call, args: string[]) => Promise<void>]> = {
  create: [0, 0, (call) => create(call)],
  prune: [0, 0, (call) => prune(call)],
  key: [0, 0, (call) => key(call)],
  adopt: [0, 0, (call) => adopt(call)],
  restore: [1, 1, (call, [archive]) => restore(archive, call)],
  recover: [0, 0, (call) => recoverRestore(call)],
  verify: [1, 1, (call, [archive]) => verify(archive, call)],
  check: [0, 1, (call, args) => check(args, call)],
  offsite: [0, 0, (call) => sendOffsite(call)],
  fetch: [0, 0, (call) => fetchCopies(call)],
  report: [0, 0, (call) => reportLeftFailure(call)],
};

/** The outbox among the call's stores, if it names one (create, report). */
function outboxOf(call: Call): string | undefined {
  try {
    return storesOf(call, false).find((store) => store.name === 'outbox')?.path;
  } catch {
    return undefined;
  }
}

/**
 * A failed create or offsite tells the owner by mail (failure-mail.ts):
 * queued into the outbox where this process has it, else left for report.
 */
async function reportFailure(call: Call, command: string, error: unknown): Promise<void> {
  // Not while another command holds the lock: a long restore may be replacing the outbox.
  if (!['create', 'offsite'].includes(command) || error instanceof UsageError) return;
  if (error instanceof LockBusyError) return;
  const line = describeBackupError(error as Error);
  const outbox = outboxOf(call);
  try {
    if (outbox) call.print(await queueFailureMail(outbox, call.env, command, line));
    else await leaveFailure(call.project, line);
  } catch (failed) {
    console.error(`Keine Mail an MAIL_TO: ${(failed as Error).message}`);
  }
}

/** Mails the failure the off-site container left (make backup runs it when that step failed). */
async function reportLeftFailure(call: Call): Promise<void> {
  const outbox = outboxOf(call);
  if (!outbox) throw new UsageError(USAGE);
  const line = await takeFailure(call.project);
  if (line) call.print(await queueFailureMail(outbox, call.env, 'offsite', line));
}

/**
 * The call's settings, parsed once. A restore (and make restore's verify
 * before it) goes on despite a .env that does not parse: it is about to
 * replace it; the line goes to stderr, beside verify's JSON.
 */
function callOf(command: string, values: Values, given: Env, print: Print): Call {
  const project = resolve(values.project ?? REPO_ROOT);
  const env = values.project ? withEnvFile(given, join(project, '.env')) : given;
  const { config, problems } = readBackupConfig(env);
  if (problems && !['restore', 'verify'].includes(command)) throw new Error(problems);
  if (problems) console.error(`${problems} Die Wiederherstellung ersetzt .env.`);
  return { values, env, config, project, print };
}

function waitOf(values: Values): number {
  if (values.wait === undefined) return DEFAULT_WAIT_MS;
  const seconds = Number(values.wait);
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError(USAGE);
  return seconds * 1000;
}

export const runBackupCommand: OwnerCommand = async (args, env, print) => {
  const { values, positionals } = parseOwnerArgs(args, OPTIONS);
  const [command = '', ...rest] = positionals;
  const call = callOf(command, values, env, print);
  const [least, most, work] = LOCKED[command] ?? [];
  if (!work || rest.length < least || rest.length > most) throw new UsageError(USAGE);
  const lock = { project: call.project, command, waitMs: waitOf(values) };
  try {
    return await withBackupLock(lock, () => work(call, rest));
  } catch (error) {
    await reportFailure(call, command, error);
    throw error;
  }
};

/** The owner's one line for a failure: a refused archive says so first. */
export function describeBackupError(error: Error): string {
  if (error instanceof ArchiveRefusedError) return `Archiv abgelehnt: ${error.message}`;
  return error.message;
}

if (require.main === module) runOwnerCommand(runBackupCommand, describeBackupError);
