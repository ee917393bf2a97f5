import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archiveName, namedAt, ourArchives, pruneArchives, surplusOf, takenAt } from './retention';

describe('archive names and BACKUP_KEEP', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'retention-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('names an archive by its UTC time and numbers a second one in the same second', async () => {
    const now = new Date('2026-11-25T02:15:07.123Z');
    const first = await archiveName(folder, now);
    expect(first).toBe(join(folder, 'portfolio-backup-2026-11-25T021507Z.tar.gz'));
    writeFileSync(first, '');
    expect(await archiveName(folder, now)).toBe(
      join(folder, 'portfolio-backup-2026-11-25T021507Z-2.tar.gz'),
    );
  });

  it('removes the oldest of our archives only, by time and then by number', async () => {
    const ours = [
      'portfolio-backup-2026-11-24T021500Z.tar.gz',
      'portfolio-backup-2026-11-25T021500Z.tar.gz',
      'portfolio-backup-2026-11-25T021500Z-2.tar.gz',
      'portfolio-backup-2026-11-25T021500Z-10.tar.gz',
    ];
    const foreign = ['notes.txt', 'portfolio-backup-copy.tar.gz', 'other-2020-01-01.tar.gz'];
    for (const name of [...ours, ...foreign]) writeFileSync(join(folder, name), '');
    const removed = await pruneArchives(folder, 2, new Set(ours), join(folder, ours[3]));
    expect(removed).toEqual(ours.slice(0, 2));
    expect(readdirSync(folder).sort()).toEqual([...foreign, ...ours.slice(2)].sort());
  });

  it('counts and removes only names the site made: planted ones never push the real archives out', () => {
    const real = ['23', '24', '25'].map(
      (day) => `portfolio-backup-2026-11-${day}T021500Z.tar.gz.age`,
    );
    const planted = [1, 2, 3, 4, 5, 6, 7].map(
      (n) => `portfolio-backup-2026-11-25T0215${String(n).padStart(2, '0')}Z.tar.gz.age`,
    );
    const known = new Set(real);
    expect(surplusOf([...real, ...planted], 3, known, real[2])).toEqual([]);
    expect(surplusOf([...real, ...planted], 2, known, real[2])).toEqual([real[0]]);
  });

  it('bears the time of its manifest in its name, or no time at all', () => {
    const name = 'portfolio-backup-2026-11-25T021507Z-2.tar.gz.age';
    expect(namedAt(name, '2026-11-25T02:15:07.890Z')).toBe(true);
    expect(namedAt(name, '2026-11-18T02:15:07.890Z')).toBe(false);
    expect(namedAt('/x/my-copy.tar.gz.age', '2026-11-18T02:15:07.890Z')).toBe(true);
  });

  it('never removes the archive just written, even when its name sorts first', async () => {
    const names = [
      'portfolio-backup-2026-11-24T021500Z.tar.gz',
      'portfolio-backup-2026-11-25T021500Z.tar.gz',
    ];
    for (const name of names) writeFileSync(join(folder, name), '');
    expect(await pruneArchives(folder, 1, new Set(names), join(folder, names[0]))).toEqual([
      names[1],
    ]);
  });

  it('names an encrypted archive .tar.gz.age, numbered past a plain one of the same second', async () => {
    const now = new Date('2026-11-25T02:15:07.123Z');
    writeFileSync(join(folder, 'portfolio-backup-2026-11-25T021507Z.tar.gz'), '');
    expect(await archiveName(folder, now, true)).toBe(
      join(folder, 'portfolio-backup-2026-11-25T021507Z-2.tar.gz.age'),
    );
    writeFileSync(join(folder, 'portfolio-backup-2026-11-25T021507Z-2.tar.gz.age'), '');
    expect(await archiveName(folder, now)).toBe(
      join(folder, 'portfolio-backup-2026-11-25T021507Z-3.tar.gz'),
    );
  });

  it('never takes a name pruning freed: the newest archive sorts last', async () => {
    const now = new Date('2026-11-25T02:16:07Z');
    writeFileSync(join(folder, 'portfolio-backup-2026-11-25T021607Z-2.tar.gz.age'), '');
    expect(await archiveName(folder, now, true)).toBe(
      join(folder, 'portfolio-backup-2026-11-25T021607Z-3.tar.gz.age'),
    );
  });

  it('counts plain and encrypted archives alike, oldest first', () => {
    expect(
      ourArchives([
        'portfolio-backup-2026-11-25T021500Z.tar.gz.age',
        'portfolio-backup-2026-11-24T021500Z.tar.gz',
        'portfolio-backup-2026-11-25T021500Z-2.tar.gz.age',
        'portfolio-backup-2026-11-25T021500Z.tar.gz.age.tmp',
        'portfolio-backup-2026-11-25T021500Z.age',
      ]),
    ).toEqual([
      'portfolio-backup-2026-11-24T021500Z.tar.gz',
      'portfolio-backup-2026-11-25T021500Z.tar.gz.age',
      'portfolio-backup-2026-11-25T021500Z-2.tar.gz.age',
    ]);
  });

  it('reads the time an archive was taken from its name', () => {
    expect(takenAt('portfolio-backup-2026-11-25T021507Z-2.tar.gz.age')).toEqual(
      new Date('2026-11-25T02:15:07Z'),
    );
    expect(takenAt('notes.txt')).toBeUndefined();
  });
});
