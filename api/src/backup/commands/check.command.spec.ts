// Which archives count and which the drill reads: only the site's own
// (its signed index) count towards BACKUP_KEEP, names planted beside them
// fail the drill and are never deleted, and each drill reads the newest plus
// the older archive read least recently, so every kept copy is read in turn.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBackupTool } from '../../../test/support/backup-tool';
import { scratchDir } from '../../../test/support/scratch';
import { newKeyPair } from '../archive/archive-crypto';
import { newSigningPair, signingKeyLine } from '../archive/archive-signature';
import { drillPicks } from './check.command';
import { ourArchives } from '../archive/retention';

const names = ['21', '22', '23', '24'].map(
  (day) => `portfolio-backup-2026-11-${day}T021500Z.tar.gz.age`,
);

describe('the drill reads every kept copy in turn', () => {
  it('reads the newest, and of the others the one never read, else the one read longest ago', () => {
    expect(drillPicks(names, {})).toEqual([names[3], names[0]]);
    const checked = { [names[0]]: '2026-11-24T09:00:00Z', [names[3]]: '2026-11-24T09:00:00Z' };
    expect(drillPicks(names, checked)).toEqual([names[3], names[1]]);
    const all = {
      ...checked,
      [names[1]]: '2026-11-25T09:00:00Z',
      [names[2]]: '2026-11-23T09:00:00Z',
    };
    expect(drillPicks(names, all)).toEqual([names[3], names[2]]);
    expect(drillPicks(names.slice(0, 1), {})).toEqual([names[0]]);
    expect(drillPicks([], {})).toEqual([]);
  });
});

describe('the site counts, prunes and drills only its own archives', () => {
  const work = scratchDir('portfolio-drill-spec-');
  const project = join(work, 'project');
  const access = join(work, 'access');
  const backups = join(work, 'backups');
  const keyFile = join(work, 'key.txt');
  const stores = ['--project', project, '--store', `access=${access}`];
  const env: Record<string, string> = { BACKUP_DIR: backups, BACKUP_KEEP: '3' };

  const run = (args: string[]) => runBackupTool(args, env);

  beforeAll(async () => {
    mkdirSync(project);
    mkdirSync(access);
    writeFileSync(join(project, '.env'), 'JWT_SECRET=echt\n');
    writeFileSync(join(access, 'accesses.json'), '{}');
    const { file, recipient } = await newKeyPair();
    const signing = newSigningPair();
    writeFileSync(keyFile, `${signingKeyLine(signing.publicKey)}\n${file}`);
    Object.assign(env, { BACKUP_AGE_RECIPIENTS: recipient, BACKUP_SIGNING_KEY: signing.secret });
  });

  const ours = () => ourArchives(readdirSync(backups));

  it('keeps BACKUP_KEEP of its own archives, whatever is planted beside them', async () => {
    for (let made = 0; made < 3; made += 1)
      expect((await run(['create', ...stores])).error).toBeUndefined();
    const real = ours();
    // Newer than any real archive, each holding five bytes.
    const planted = [1, 2, 3, 4, 5, 6, 7].map(
      (n) => `portfolio-backup-2099-01-0${n}T000000Z.tar.gz.age`,
    );
    for (const name of planted) writeFileSync(join(backups, name), 'fake!');
    expect((await run(['create', ...stores])).error).toBeUndefined();
    const kept = ours().filter((name) => !planted.includes(name));
    expect(kept).toHaveLength(3);
    expect(kept).toContain(real[2]);
    expect(
      ours()
        .filter((name) => planted.includes(name))
        .sort(),
    ).toEqual(planted.sort());
  });

  it('reads the newest and an older archive each run, and names the ones it did not make', async () => {
    const read = new Set<string>();
    for (let drill = 0; drill < 2; drill += 1) {
      const { lines, error } = await run(['check', '--identity', keyFile, ...stores]);
      // Names the site did not make fail the drill, after it has read its own.
      expect(error).toMatch(
        /^Unbekannt in \S+backups, nicht von dieser Website \(nie gezählt, nie gelöscht\): (portfolio-backup-\S+, ){6}portfolio-backup-\S+; wer schreibt dort\? /,
      );
      expect(lines[0]).toMatch(
        /^Neuestes Archiv in Ordnung: portfolio-backup-\S+ in .+, \d+ Minuten alt: access \d+/,
      );
      const olderLine =
        /^Älteres Archiv in Ordnung: (\S+), \d+ Minuten alt: access \d+, env 1 Datei\(en\)$/.exec(
          lines[1],
        );
      read.add(olderLine?.[1] ?? '');
      expect(lines).toHaveLength(2);
    }
    // Every kept archive but the newest, which each run reads anyway.
    const older = ours()
      .filter((name) => !name.startsWith('portfolio-backup-2099-'))
      .slice(0, -1);
    expect([...read].sort()).toEqual(older.sort());
  });
});
