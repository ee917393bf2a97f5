// Backups of everything the site cannot rebuild (docs/backup.md):
//   create [--offsite] [--json] [STORES]   one archive into BACKUP_DIR, encrypted with age
//       for BACKUP_AGE_RECIPIENTS and signed with BACKUP_SIGNING_KEY, then
//       BACKUP_KEEP kept. With BACKUP_REMOTE set, nothing is pruned unless
//       --offsite copies the archive there first (host rclone) and verifies it.
//       --json: one JSON line on stdout (the owner's lines go to stderr);
//       "offsite" names the archive to copy
//   prune [STORES]                         BACKUP_KEEP in BACKUP_DIR
//   verify FILE [--identity KEYFILE] [--skip-origin-check] [--json]
//       checks the archive whole and where it came from; changes nothing
//   restore FILE [--identity KEYFILE] [--skip-origin-check] [STORES]
//       checks the whole archive first, then replaces every store's contents,
//       all or none (restore.ts)
//   check [FOLDER] [--offsite] [--remote] [--identity KEYFILE] [STORES]
//       the restore drill: the newest archive (of FOLDER, else of BACKUP_REMOTE
//       with --offsite, else of BACKUP_DIR) checked whole and recent
//   key --out KEYFILE [STORES]             new age and signing keys: .env and KEYFILE
//   remote [STORES]                        prints BACKUP_REMOTE, or nothing
//   surplus NAME… [--newest NAME] [STORES] of these remote names, those beyond BACKUP_KEEP
//   newest NAME…                           of these names, our newest archive
// STORES: --local (the stores of `make local` and this project), --project DIR
// (that folder's .env, and documents/private when DOCUMENTS_DIR points
// there), --store NAME=DIR, --file NAME=FILE. The settings are read once,
// here: from --project's .env, else this repository's, beneath the environment.
// Commands that touch stores, archives or keys take turns (backup-lock.ts);
// create and restore first resolve a restore that was cut short.
// natively:  npx tsx api/src/backup/backup.cli.ts …   (make backup-local, make restore-local)
// compose:   node dist/backup/backup.cli.js … in a short-lived container (make backup, make restore)
// Exit codes: 0 done, 1 failed, 2 wrong call.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
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
import { createArchive, type ArchiveSummary } from './archive-writer';
import { formatBytes } from './archive-size';
import { readArchive } from './archive-reader';
import { SKIPPED, trustOf } from './archive-trust';
import { ArchiveRefusedError, describeStores, type Manifest } from './backup-manifest';
import {
  distinctStores,
  localStores,
  parseStore,
  projectStores,
  type Store,
} from './backup-stores';
import { DEFAULT_WAIT_MS, withBackupLock } from './backup-lock';
import { adoptBackupDir } from '../common/file-owner';
import { restoreArchive } from './restore';
import { describeRecovery, recover } from './restore-transaction';
import { ourArchives, pruneArchives, surplusOf } from './retention';
import { makeBackupKey } from './backup-key';
import { offsiteOf, OffsiteFailedError } from './offsite-copy';
import { drill } from './restore-drill';

const USAGE = `Aufruf (SPEICHER: --local, --project ORDNER, --store NAME=ORDNER, --file NAME=DATEI):
  backup create  [--offsite] [--json] SPEICHER
  backup prune   SPEICHER
  backup verify  ARCHIV [--identity SCHLÜSSELDATEI] [--skip-origin-check] [--json]
  backup restore ARCHIV [--identity SCHLÜSSELDATEI] [--skip-origin-check] SPEICHER
  backup check   [ORDNER] [--offsite] [--remote] [--identity SCHLÜSSELDATEI] SPEICHER
  backup key     --out SCHLÜSSELDATEI SPEICHER
  backup remote  SPEICHER
  backup surplus NAME… [--newest NAME] SPEICHER
  backup newest  NAME…`;

const OPTIONS = {
  local: { type: 'boolean' },
  project: { type: 'string' },
  store: { type: 'string', multiple: true },
  file: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  identity: { type: 'string' },
  'skip-origin-check': { type: 'boolean' },
  offsite: { type: 'boolean' },
  remote: { type: 'boolean' },
  out: { type: 'string' },
  newest: { type: 'string' },
  wait: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseOwnerArgs<typeof OPTIONS>>['values'];
type Print = (text: string) => void;

/** What every command works with, read once from the call and the settings. */
interface Call {
  values: Values;
  env: Env;
  config: BackupConfig;
  /** The folder whose .env the tool reads and changes, and where its lock lies. */
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

const describePruned = (removed: string[], keep: number) =>
  `${removed.length} alte(s) gelöscht (BACKUP_KEEP=${keep})`;

function describeArchive(summary: ArchiveSummary, removed: string[], keep: number): string[] {
  const absent = summary.absent.length > 0 ? `; nicht vorhanden: ${summary.absent.join(', ')}` : '';
  const pruned = removed.length > 0 ? `; ${describePruned(removed, keep)}` : '';
  const sealed = summary.encrypted ? ', verschlüsselt' : '';
  const lines = [
    `Sicherung ${summary.path} (${formatBytes(summary.bytes)}${sealed}): ` +
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

/** Copies the archive to BACKUP_REMOTE, verified there, and keeps BACKUP_KEEP there. */
async function copyOffsite(archive: string, call: Call & { config: { remote: string } }) {
  const offsite = offsiteOf(call.env, call.config);
  await offsite('push', archive);
  const names = (await offsite('list')).split('\n');
  const old = surplusOf(names, call.config.keep, archive);
  if (old.length > 0) await offsite('delete', ...old);
}

async function create(call: Call): Promise<void> {
  const { values, config, env } = call;
  const { dir, keep, recipients, remote, signingKey } = config;
  // With --json, stdout is the one JSON line; the owner's lines go to stderr.
  const say: Print = values.json ? (text) => console.error(text) : call.print;
  // The privacy text promises that copies leave the Pi only encrypted.
  if (remote && recipients.length === 0)
    throw new Error(
      'BACKUP_REMOTE braucht BACKUP_AGE_RECIPIENTS: nur verschlüsselte Archive gehen ausser Haus ' +
        '(make backup-key); kein Archiv geschrieben.',
    );
  if (values.project) await adoptBackupDir(dir, call.project);
  const stores = storesOf(call, false);
  // A restore cut short is resolved first: never an archive of half-restored stores.
  for (const recovery of await recover(stores)) say(describeRecovery(recovery));
  const summary = await createArchive({
    stores,
    backupDir: dir,
    version: projectVersion(env),
    recipients,
    signingKey,
  });
  // With a remote, older archives go only once the new one is verified there.
  const removed = remote ? [] : await pruneArchives(dir, keep, summary.path);
  for (const line of describeArchive(summary, removed, keep)) say(line);
  const leaves = remote !== undefined && summary.encrypted;
  if (values.json) {
    const { path, bytes, encrypted, signed, stores: held, absent } = summary;
    const offsite = leaves && !values.offsite ? basename(path) : null;
    const fields = { archive: path, bytes, encrypted, signed, stores: held, absent, removed };
    call.print(JSON.stringify({ ...fields, remote: remote ?? null, offsite }));
  }
  if (!leaves || !values.offsite) return;
  await copyOffsite(summary.path, { ...call, config: { ...config, remote } });
  return prune(call);
}

/** BACKUP_KEEP in BACKUP_DIR; prints a line only when it removed something. */
async function prune({ config, print }: Call): Promise<void> {
  const removed = await pruneArchives(config.dir, config.keep);
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

/**
 * --json: one line for scripts, the Makefile's `case` among them (it picks
 * the HTTPS volumes by a store's "name":"letsencrypt"); its fields stay.
 */
async function verify(archive: string, call: Call) {
  const { key, trust } = await trustFor(call);
  const { manifest } = await readArchive(archive, { key, trust });
  if (trust.skip) console.error(SKIPPED);
  if (!call.values.json) return call.print(describeManifest(archive, manifest));
  const { createdAt, version, stores } = manifest;
  call.print(JSON.stringify({ archive, createdAt, version, stores }));
}

async function restore(archive: string, call: Call): Promise<void> {
  const { print } = call;
  const targets = storesOf(call, true);
  const { key, trust } = await trustFor(call);
  for (const recovery of await recover(targets)) print(describeRecovery(recovery));
  const { manifest, untouched } = await restoreArchive(archive, targets, { key, trust });
  if (trust.skip) print(SKIPPED);
  print(describeManifest(archive, manifest));
  const kept =
    untouched.length > 0 ? `; nicht im Archiv, unverändert: ${untouched.join(', ')}` : '';
  print(
    `Wiederhergestellt aus ${archive} vom ${manifest.createdAt}: ` +
      `${describeStores(manifest.stores)} Datei(en)${kept}`,
  );
}

/** The restore drill: the remote's newest archive fetched into a scratch folder, or BACKUP_DIR's. */
async function check(folder: string | undefined, call: Call): Promise<void> {
  const { values, config, print } = call;
  if (values['skip-origin-check']) throw new UsageError(USAGE);
  const { key, trust } = await trustFor(call, true);
  const { maxAgeMs, remote } = config;
  const options = { key, trust, maxAgeMs };
  if (folder !== undefined) {
    const source = values.remote ? remote : undefined;
    return print(await drill({ folder, source, ...options }));
  }
  if (!remote || !values.offsite) return print(await drill({ folder: config.dir, ...options }));
  const offsite = offsiteOf(call.env, { ...config, remote });
  const newest = ourArchives((await offsite('list')).split('\n')).at(-1);
  if (!newest) throw new Error(`Kein Archiv in ${remote}: es gibt keine Sicherung zum Prüfen.`);
  const scratch = await mkdtemp(join(tmpdir(), 'portfolio-backup-check-'));
  try {
    await offsite('fetch', newest, scratch);
    print(await drill({ folder: scratch, source: remote, ...options }));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function key({ values, project, print }: Call): Promise<void> {
  if (!values.out) throw new UsageError(USAGE);
  const out = expandHome(values.out);
  const recipient = await makeBackupKey(project, out);
  print(
    `Öffentlicher Schlüssel ${recipient} und Signaturschlüssel in ${join(project, '.env')} ` +
      'eingetragen (BACKUP_AGE_RECIPIENTS, BACKUP_SIGNING_KEY): ab der nächsten Sicherung ist ' +
      'jedes Archiv verschlüsselt und signiert.',
  );
  print(
    `Geheimer Schlüssel in ${out} (nur für dich lesbar). Er gehört NICHT auf den Pi: jetzt in den Passwort-Manager, auf den eigenen Rechner oder einen USB-Stick in der Schublade kopieren und hier löschen. Ohne ihn sind die verschlüsselten Sicherungen für immer unlesbar.`,
  );
}

/** The commands that touch stores, archives or keys, each under the lock. */
const LOCKED = {
  create: (call: Call) => create(call),
  prune: (call: Call) => prune(call),
  key: (call: Call) => key(call),
  restore: (call: Call, archive?: string) => restore(archive as string, call),
  check: (call: Call, folder?: string) => check(folder, call),
};

/** The commands that only answer from their arguments and the settings. */
function answer(command: string, names: string[], { values, config, print }: Call): boolean {
  if (command === 'remote') print(config.remote ?? '');
  else if (command === 'surplus')
    for (const name of surplusOf(names, config.keep, values.newest)) print(name);
  else if (command === 'newest') {
    const newest = ourArchives(names).at(-1);
    if (!newest) throw new Error('Kein Archiv dort: es gibt keine Sicherung zum Prüfen.');
    print(newest);
  } else return false;
  return true;
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
  if (answer(command, rest, call)) return;
  if (command === 'verify' && rest.length === 1) return verify(rest[0], call);
  const needsArgument = command === 'restore';
  const takesArgument = needsArgument || command === 'check';
  if (!(command in LOCKED) || rest.length > (takesArgument ? 1 : 0)) throw new UsageError(USAGE);
  if (needsArgument && rest.length === 0) throw new UsageError(USAGE);
  const work = LOCKED[command as keyof typeof LOCKED];
  return withBackupLock(call.project, command, waitOf(values), () => work(call, rest[0]));
};

/** The owner's one line for a failure: a refused archive says so first; the off-site script spoke for itself. */
export function describeBackupError(error: Error): string {
  if (error instanceof OffsiteFailedError) return '';
  if (error instanceof ArchiveRefusedError) return `Archiv abgelehnt: ${error.message}`;
  return error.message;
}

if (require.main === module) runOwnerCommand(runBackupCommand, describeBackupError);
