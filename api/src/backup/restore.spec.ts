// Restore as one transaction: a failure or a power cut at any point between
// its steps leaves every store as it was before, or (once committed) as in
// the archive after the next restore or backup resolved it; never an empty
// store, never some stores old and some new.
import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createArchive } from './archive-writer';
import type { Store } from './backup-stores';
import { restoreArchive, type RestoreStep } from './restore';
import { recoverInterruptedRestores } from './restore-recovery';

/** Every entry of the stores: kind, mode, content or target; hidden leftovers count too. */
function snapshot(stores: Store[]): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (store: Store, path: string) => {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    const name = `${store.name}/${relative(store.path, path)}`;
    if (!stats) result[name] = 'absent';
    else if (stats.isSymbolicLink()) result[name] = `link ${readlinkSync(path)}`;
    else if (stats.isFile()) {
      const sha = createHash('sha256').update(readFileSync(path)).digest('hex');
      result[name] = `file ${(stats.mode & 0o777).toString(8)} ${sha}`;
    } else {
      result[name] = `dir ${(stats.mode & 0o777).toString(8)}`;
      for (const child of readdirSync(path)) walk(store, join(path, child));
    }
  };
  for (const store of stores) walk(store, store.path);
  // Beside the file store: nothing of a restore may stay.
  result['env folder'] = readdirSync(join(stores[2].path, '..')).sort().join(' ');
  return result;
}

/** Empties the stores' folders (they stay: mount points) and writes one of two states. */
function fill(stores: Store[], state: 'old' | 'new'): void {
  const [access, outbox, env] = stores;
  for (const folder of [access.path, outbox.path])
    for (const name of readdirSync(folder)) rmSync(join(folder, name), { recursive: true });
  writeFileSync(join(access.path, 'accesses.json'), `{"state":"${state}"}`);
  writeFileSync(join(access.path, `${state}-only.jsonl`), `${state}\n`);
  mkdirSync(join(access.path, 'archive', state), { recursive: true, mode: 0o750 });
  writeFileSync(join(access.path, 'archive', state, 'cert1.pem'), state);
  mkdirSync(join(access.path, 'live', state), { recursive: true });
  symlinkSync(`../../archive/${state}/cert1.pem`, join(access.path, 'live', state, 'cert.pem'));
  for (const folder of ['queue', 'failed']) mkdirSync(join(outbox.path, folder));
  writeFileSync(join(outbox.path, 'queue', `${state}.json`), `{"id":"${state}"}`);
  writeFileSync(env.path, `JWT_SECRET=${state}\n`, { mode: state === 'old' ? 0o600 : 0o640 });
}

// One restore per step it passes, twice.
jest.setTimeout(120_000);

describe('restore as one transaction', () => {
  let work: string;
  let stores: Store[];
  let archive: string;
  let oldState: Record<string, string>;
  let newState: Record<string, string>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'portfolio-restore-'));
    stores = [
      { name: 'access', kind: 'folder', path: join(work, 'access') },
      { name: 'outbox', kind: 'folder', path: join(work, 'outbox') },
      { name: 'env', kind: 'file', path: join(work, 'project', '.env') },
    ];
    for (const folder of ['access', 'outbox', 'project']) mkdirSync(join(work, folder));
    fill(stores, 'new');
    newState = snapshot(stores);
    archive = (await createArchive({ stores, backupDir: join(work, 'backups'), version: 'x' }))
      .path;
    fill(stores, 'old');
    oldState = snapshot(stores);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Every point the restore passes, in order, from a run that is not interrupted. */
  async function stepsOfOneRestore(): Promise<Array<[RestoreStep, string]>> {
    const steps: Array<[RestoreStep, string]> = [];
    fill(stores, 'old');
    await restoreArchive(archive, stores, async (step, store) => {
      steps.push([step, store]);
    });
    return steps;
  }

  const committed = (step: RestoreStep) => step === 'committed' || step === 'cleared';

  it('replaces stores that still hold data, and keeps each store folder itself', async () => {
    fill(stores, 'old');
    const folders = stores.slice(0, 2).map((store) => statSync(store.path).ino);
    const { recovered, untouched } = await restoreArchive(archive, stores);
    expect(snapshot(stores)).toEqual(newState);
    expect(stores.slice(0, 2).map((store) => statSync(store.path).ino)).toEqual(folders);
    expect(recovered).toEqual([]);
    expect(untouched).toEqual([]);
  });

  it('is back where it began after a failure at any step before the commit, and new after it', async () => {
    const steps = await stepsOfOneRestore();
    expect(steps.filter(([step]) => step === 'aside').length).toBeGreaterThan(5);
    for (const [index, [atStep, atStore]] of steps.entries()) {
      fill(stores, 'old');
      let seen = 0;
      const run = restoreArchive(archive, stores, async () => {
        if (seen++ === index) throw new Error('injected');
      });
      await expect(run).rejects.toThrow('injected');
      // A failure after the commit is finished by the next restore or backup.
      await recoverInterruptedRestores(stores);
      const expected = committed(atStep) ? newState : oldState;
      expect({ at: `${index} ${atStep} ${atStore}`, state: snapshot(stores) }).toEqual({
        at: `${index} ${atStep} ${atStore}`,
        state: expected,
      });
    }
  });

  it('after a power cut at any step, the next restore or backup finds the old or the new state', async () => {
    const steps = await stepsOfOneRestore();
    for (const [index, [atStep, atStore]] of steps.entries()) {
      fill(stores, 'old');
      let seen = 0;
      let cut: () => void = () => undefined;
      const reached = new Promise<void>((resolve) => (cut = resolve));
      // The process stops here: the restore never continues, nothing of it runs again.
      void restoreArchive(archive, stores, () => {
        if (seen++ !== index) return Promise.resolve();
        cut();
        return new Promise<void>(() => undefined);
      });
      await reached;
      const recovered = await recoverInterruptedRestores(stores);
      const outcome = committed(atStep) ? 'forward' : 'back';
      // Cut after the last store was cleared, nothing is left to resolve.
      const last = index === steps.length - 1;
      expect(recovered.map((recovery) => recovery.outcome)).toEqual(last ? [] : [outcome]);
      const expected = committed(atStep) ? newState : oldState;
      expect({ at: `${index} ${atStep} ${atStore}`, state: snapshot(stores) }).toEqual({
        at: `${index} ${atStep} ${atStore}`,
        state: expected,
      });
    }
  });
});
