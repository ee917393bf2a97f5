// backup check and backup fetch: the restore drill (restore-drill.ts) over
// BACKUP_DIR or the remote's copies; under Docker fetch brings the copies
// with network, and check reads them with the key and without network.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentIndex, INDEX_NAME, readIndex, UNCHECKED } from '../archive/archive-index';
import { ourArchives } from '../archive/retention';
import { offsiteOf, type Offsite } from '../offsite/offsite-copy';
import { describeUnknown, drill, picksFor } from '../restore/restore-drill';
import { trustFor, wrongCall, type Call } from './call';

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
