// Restore as one transaction: a failure or a power cut at any point between
// its steps, forward or while it rolls back, leaves every store as it was
// before, or (once committed) as in the archive after the next restore or
// backup resolved it; never an empty store, never some stores old and some new.
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
import { createArchive } from '../archive/archive-writer';
import type { Store } from '../backup-stores';
import { restoreArchive } from './restore';
import { JOURNALS, recover, unfinishedRestore, type Cut, type Phase } from './restore-transaction';

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

/** The archive is the tool's own here: its origin is not under test (archive-origin.spec.ts). */
const trust = { encryptedOnly: false, skip: false };

type Step = [Phase, string];
const never = () => new Promise<void>(() => undefined);

// One restore per step it passes, and per step of each roll-back.
jest.setTimeout(120_000);

describe('restore as one transaction', () => {
  let work: string;
  let stores: Store[];
  let archive: string;
  let oldState: Record<string, string>;
  let newState: Record<string, string>;
  let journals: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'portfolio-restore-'));
    stores = [
      { name: 'access', kind: 'folder', path: join(work, 'access') },
      { name: 'outbox', kind: 'folder', path: join(work, 'outbox') },
      { name: 'env', kind: 'file', path: join(work, 'project', '.env') },
    ];
    for (const folder of ['access', 'outbox', 'project']) mkdirSync(join(work, folder));
    journals = join(work, 'project', JOURNALS);
    fill(stores, 'new');
    newState = snapshot(stores);
    archive = (await createArchive({ stores, backupDir: join(work, 'backups'), version: 'x' }))
      .path;
    fill(stores, 'old');
    oldState = snapshot(stores);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const restore = (cut: Cut) => restoreArchive(archive, stores, { trust, cut, journals });

  /** A cut that records every step and acts at the `at`th: throws, or never returns. */
  function cutAt(at: number, act: 'fail' | 'power', steps: Step[] = []) {
    let reached: () => void = () => undefined;
    const cut: Cut = async (phase, store) => {
      steps.push([phase, store]);
      if (steps.length - 1 !== at) return;
      reached();
      if (act === 'fail') throw new Error('injected');
      return never();
    };
    return { cut, steps, reached: new Promise<void>((resolve) => (reached = resolve)) };
  }

  /** Every step of one restore, with a failure injected at `failAt` (none: -1). */
  async function stepsOf(failAt = -1): Promise<Step[]> {
    fill(stores, 'old');
    const { cut, steps } = cutAt(failAt, 'fail');
    await restore(cut).catch(() => undefined);
    return steps;
  }

  const expectState = (where: string, expected: Record<string, string>) =>
    expect({ where, state: snapshot(stores) }).toEqual({ where, state: expected });

  it('replaces stores that still hold data, and keeps each store folder itself', async () => {
    fill(stores, 'old');
    const folders = stores.slice(0, 2).map((store) => statSync(store.path).ino);
    const { untouched } = await restoreArchive(archive, stores, { trust, journals });
    expect(snapshot(stores)).toEqual(newState);
    expect(stores.slice(0, 2).map((store) => statSync(store.path).ino)).toEqual(folders);
    expect(untouched).toEqual([]);
  });

  it('is back where it began after a failure at any step before the commit, and new after it', async () => {
    const steps = await stepsOf();
    expect(steps.filter(([phase]) => phase === 'staging').length).toBeGreaterThan(5);
    for (const [index, [phase, store]] of steps.entries()) {
      fill(stores, 'old');
      await expect(restore(cutAt(index, 'fail').cut)).rejects.toThrow('injected');
      // A failure after the commit is finished by the next restore or backup.
      await recover(stores, journals);
      expectState(`${index} ${phase} ${store}`, phase === 'committed' ? newState : oldState);
    }
  });

  it('clears the next version of a first journal cut short, which would otherwise keep the site from starting', async () => {
    mkdirSync(journals, { recursive: true });
    writeFileSync(
      join(journals, '0b5d8a7e-3c1f-4a2b-9d6e-5f4c3b2a1908-access.json.next.tmp'),
      '{"id"',
    );
    expect(await recover(stores, journals)).toEqual([]);
    expect(readdirSync(join(work, 'project'))).not.toContain(JOURNALS);
  });

  it('after a power cut at any step, the next restore or backup finds the old or the new state', async () => {
    const steps = await stepsOf();
    for (const [index, [phase, store]] of steps.entries()) {
      fill(stores, 'old');
      const { cut, reached } = cutAt(index, 'power');
      // The process stops here: the restore never continues, nothing of it runs again.
      void restore(cut);
      await reached;
      // Cut after the last store was cleared, nothing is left to resolve.
      const last = index === steps.length - 1;
      // The access store, named first, shows the restore unfinished to the API until the end.
      expect(await unfinishedRestore({ ACCESS_DIR: stores[0].path })).toBe(
        last ? undefined : `ACCESS_DIR (${stores[0].path})`,
      );
      const recovered = await recover(stores, journals);
      expect(await unfinishedRestore({ ACCESS_DIR: stores[0].path })).toBeUndefined();
      const outcome = phase === 'committed' ? 'forward' : 'back';
      expect(recovered.map((recovery) => recovery.outcome)).toEqual(last ? [] : [outcome]);
      expectState(`${index} ${phase} ${store}`, phase === 'committed' ? newState : oldState);
    }
  });

  it('after a power cut at any step of a roll-back, the next command finds the old state', async () => {
    const forward = (await stepsOf()).filter(([phase]) => phase !== 'committed');
    for (let failAt = 0; failAt < forward.length; failAt += 1) {
      const total = (await stepsOf(failAt)).length;
      // Every step after the failure is one of the roll-back's.
      for (let at = failAt + 1; at < total; at += 1) {
        fill(stores, 'old');
        const { cut, reached, steps } = cutAt(at, 'power');
        let seen = 0;
        void restore(async (phase, store) => {
          await cut(phase, store);
          if (seen++ === failAt) throw new Error('injected');
        });
        await reached;
        await recover(stores, journals);
        expectState(`failed at ${failAt}, cut at ${at} ${steps.at(-1)?.join(' ')}`, oldState);
      }
    }
  });

  it('after a power cut while recovering, the next command still finds the old state', async () => {
    const forward = (await stepsOf()).filter(([phase]) => phase !== 'committed');
    fill(stores, 'old');
    const first = cutAt(forward.length - 1, 'power');
    void restore(first.cut);
    await first.reached;
    const steps: Step[] = [];
    await recover(stores, journals, async (phase, store) => void steps.push([phase, store]));
    for (let at = 0; at < steps.length; at += 1) {
      fill(stores, 'old');
      const again = cutAt(forward.length - 1, 'power');
      void restore(again.cut);
      await again.reached;
      const recovering = cutAt(at, 'power');
      void recover(stores, journals, recovering.cut);
      await recovering.reached;
      await recover(stores, journals);
      expectState(`recovery cut at ${at} ${steps[at].join(' ')}`, oldState);
    }
  });

  it('acts on no journal planted in a store, nor on one naming another folder, and says so', async () => {
    fill(stores, 'old');
    // A folder the API's user must never change, reached through a link in its store.
    const guarded = join(work, 'guarded');
    mkdirSync(guarded, { mode: 0o700 });
    symlinkSync(guarded, join(stores[0].path, 'l'));
    const id = '0b7d2a6e-1c1f-4b5e-9d1a-2f3c4d5e6f70';
    const journal = (path: string) =>
      JSON.stringify({
        id,
        store: { name: 'access', kind: 'folder', path },
        phase: 'staging',
        existed: true,
        root: { mode: 0o777, uid: 0, gid: 0 },
      });
    // Where journals used to lie: inside the store, which the API may write.
    writeFileSync(
      join(stores[0].path, `.portfolio-restore-${id}-journal.tmp`),
      journal(`${stores[0].path}/l/..`),
    );
    expect(await recover(stores, journals)).toEqual([]);
    mkdirSync(journals, { recursive: true });
    writeFileSync(join(journals, `${id}-access.json`), journal(`${stores[0].path}/l/..`));
    await expect(recover(stores, journals)).rejects.toThrow(
      /access\.json: kein Journal dieses Befehls für seine Speicher; nichts verändert/,
    );
    writeFileSync(join(journals, `${id}-access.json`), '\u001b]0;x\u0007');
    await expect(recover(stores, journals)).rejects.toThrow(/kein Journal/);
    expect(statSync(guarded).mode & 0o777).toBe(0o700);
    rmSync(journals, { recursive: true });
    rmSync(join(stores[0].path, 'l'));
    rmSync(guarded, { recursive: true });
  });

  it('restores names that differ only in case, and refuses them where the file system folds names', async () => {
    const [access] = stores;
    fill(stores, 'new');
    writeFileSync(join(access.path, 'CV.pdf'), 'gross');
    writeFileSync(join(access.path, 'cv.pdf'), 'klein');
    writeFileSync(join(access.path, 'Re\u0301sume\u0301.pdf'), 'NFD');
    writeFileSync(join(access.path, 'R\u00e9sum\u00e9.pdf'), 'NFC');
    const backups = join(work, 'fold-backups');
    const made = await createArchive({ stores, backupDir: backups, version: 'x' });
    const twins = snapshot(stores);
    fill(stores, 'old');
    await expect(
      restoreArchive(made.path, stores, { trust, journals, folds: async () => true }),
    ).rejects.toThrow(
      /stores\/access\/.+ und stores\/access\/.+ wären in .+access eine Datei \(dieser Datenträger/,
    );
    expectState('refused on a folding file system', oldState);
    await restoreArchive(made.path, stores, { trust, journals });
    expectState('restored where names differ', twins);
    rmSync(backups, { recursive: true });
  });
});
