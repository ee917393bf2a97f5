// The index of the site's archives cannot be tricked: without it nothing
// found beside it counts, an older signed one put back is refused, adopt
// takes back only what proves itself the site's, and new keys carry the
// index over.
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBackupTool } from '../../../test/support/backup-tool';
import { scratchDir } from '../../../test/support/scratch';
import { newKeyPair } from './archive-crypto';
import { INDEX_NAME } from './archive-index';
import { newSigningPair, signBytes, signingKeyLine } from './archive-signature';
import { ourArchives } from './retention';

/** Five bytes each, dated where no archive of this test can be named. */
const JUNK = [1, 2, 3, 4, 5, 6, 7].map((n) => `portfolio-backup-2099-01-0${n}T000000Z.tar.gz.age`);

function setUp(prefix: string) {
  const work = scratchDir(prefix);
  const project = join(work, 'project');
  const access = join(work, 'access');
  const backups = join(work, 'backups');
  mkdirSync(project);
  mkdirSync(access);
  writeFileSync(join(project, '.env'), 'JWT_SECRET=echt\n');
  writeFileSync(join(access, 'accesses.json'), '{}');
  const stores = ['--project', project, '--store', `access=${access}`];
  const ours = () => ourArchives(readdirSync(backups));
  return { work, project, backups, stores, ours };
}

describe('the index of the site’s archives', () => {
  const { work, backups, stores, ours } = setUp('portfolio-index-spec-');
  const keyFile = join(work, 'key.txt');
  const env: Record<string, string> = { BACKUP_DIR: backups, BACKUP_KEEP: '2' };
  const run = (args: string[], extra: Record<string, string> = {}) =>
    runBackupTool(args, { ...env, ...extra });
  const create = async () => {
    const made = await run(['create', ...stores]);
    expect(made.error).toBeUndefined();
    return made;
  };
  let genuine: string[];

  beforeAll(async () => {
    const { file, recipient } = await newKeyPair();
    const signing = newSigningPair();
    writeFileSync(keyFile, `${signingKeyLine(signing.publicKey)}\n${file}`);
    Object.assign(env, { BACKUP_AGE_RECIPIENTS: recipient, BACKUP_SIGNING_KEY: signing.secret });
    for (let made = 0; made < 3; made += 1) await create();
    genuine = ours();
  });

  it('lost, with seven junk names dated 2099 beside it: the next backup deletes no real archive', async () => {
    // BACKUP_KEEP=2 kept two of the three; keep them all for what follows.
    expect(genuine).toHaveLength(2);
    rmSync(join(backups, INDEX_NAME));
    for (const name of JUNK) writeFileSync(join(backups, name), 'fake!');
    const made = await create();
    expect(made.lines[0]).toBe(
      `Kein gültiges ${INDEX_NAME} in ${backups}: nur das neue Archiv zählt, nichts Älteres ` +
        'wird gelöscht; eigene ältere Archive übernimmt make backup-adopt (docs/backup.md).',
    );
    const after = ours();
    for (const name of [...genuine, ...JUNK]) expect(after).toContain(name);
    expect(after).toHaveLength(genuine.length + JUNK.length + 1);
    genuine = after.filter((name) => !JUNK.includes(name));
  });

  it('adopt takes back the site’s own archives, never the junk, and BACKUP_KEEP counts them again', async () => {
    const adopted = await run(['adopt', '--identity', keyFile, ...stores]);
    expect(adopted.error).toBeUndefined();
    expect(adopted.lines.filter((line) => line.startsWith('Nicht übernommen: '))).toHaveLength(7);
    expect(adopted.lines.at(-1)).toBe(
      `Übernommen (${INDEX_NAME} in ${backups}): ${genuine.slice(0, -1).join(', ')}`,
    );
    await create();
    const kept = ours().filter((name) => !JUNK.includes(name));
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe(genuine.at(-1));
    for (const name of JUNK) rmSync(join(backups, name));
    genuine = kept;
  });

  it('refuses an older signed index put back in place of the newest', async () => {
    const older = join(work, 'older-index.json');
    copyFileSync(join(backups, INDEX_NAME), older);
    await create();
    copyFileSync(older, join(backups, INDEX_NAME));
    const drill = await run(['check', '--identity', keyFile, ...stores]);
    expect(drill.lines[0]).toMatch(
      new RegExp(
        `^${INDEX_NAME} in \\S+ ist älter \\(Folge \\d+\\) als eines, das hier schon gelesen wurde \\(Folge \\d+\\): jedes Archiv wird einzeln geprüft\\.$`,
      ),
    );
    const before = ours();
    const made = await create();
    expect(made.lines[0]).toMatch(/ ist älter \(Folge \d+\) .*: nur das neue Archiv zählt/);
    for (const name of before) expect(ours()).toContain(name);
  });
});

describe('an index written before sequences', () => {
  const { work, backups, stores, ours } = setUp('portfolio-index-legacy-spec-');
  const env: Record<string, string> = { BACKUP_DIR: backups, BACKUP_KEEP: '5' };
  const run = (args: string[], keep = '5') => runBackupTool(args, { ...env, BACKUP_KEEP: keep });

  it('still counts its archives: the first backup after the update prunes as the old version would', async () => {
    const { recipient } = await newKeyPair();
    const signing = newSigningPair();
    Object.assign(env, { BACKUP_AGE_RECIPIENTS: recipient, BACKUP_SIGNING_KEY: signing.secret });
    for (let made = 0; made < 3; made += 1)
      expect((await run(['create', ...stores])).error).toBeUndefined();
    const archives = ours();
    // As the previous release wrote it: the names alone signed, no sequence.
    const legacy = {
      format: 'portfolio-backup-index',
      archives,
      signature: signBytes(Buffer.from(JSON.stringify(archives)), signing.secret),
    };
    writeFileSync(join(backups, INDEX_NAME), JSON.stringify(legacy));
    rmSync(join(work, 'project', '.portfolio-backup.state'), { recursive: true, force: true });
    const made = await run(['create', ...stores], '2');
    expect(made.error).toBeUndefined();
    expect(made.lines.join('\n')).not.toMatch(/Kein gültiges/);
    expect(ours()).toEqual([archives[2], ours()[1]]);
    expect(ours()).toHaveLength(2);
  });
});

describe('a planted index with a sequence out of range', () => {
  const { backups, stores, ours } = setUp('portfolio-index-planted-spec-');
  const env: Record<string, string> = { BACKUP_DIR: backups, BACKUP_KEEP: '2' };

  it('neither counts nor pushes the next sequence out of range: the index after it counts', async () => {
    const { recipient } = await newKeyPair();
    Object.assign(env, {
      BACKUP_AGE_RECIPIENTS: recipient,
      BACKUP_SIGNING_KEY: newSigningPair().secret,
    });
    expect((await runBackupTool(['create', ...stores], env)).error).toBeUndefined();
    const planted = { format: 'portfolio-backup-index', sequence: 2 ** 53 - 1, archives: [] };
    writeFileSync(join(backups, INDEX_NAME), JSON.stringify(planted));
    for (let made = 0; made < 3; made += 1)
      expect((await runBackupTool(['create', ...stores], env)).error).toBeUndefined();
    // Counted again from the first backup after it: BACKUP_KEEP holds, the first archive stays a stranger.
    expect(ours()).toHaveLength(3);
    const drill = await runBackupTool(['check', ...stores], env);
    expect(drill.lines.join('\n')).not.toMatch(/Kein gültiges|ist älter/);
  });
});

describe('new backup keys', () => {
  const { work, backups, stores, ours } = setUp('portfolio-index-keys-spec-');
  // The keys live in .env, as make backup-key writes them.
  const env = { BACKUP_DIR: backups, BACKUP_KEEP: '3' };
  const run = (args: string[]) => runBackupTool(args, env);

  it('carry the index over, so the archives the old key signed stay the site’s own', async () => {
    expect((await run(['key', '--out', join(work, 'first-key.txt'), ...stores])).error).toBe(
      undefined,
    );
    for (let made = 0; made < 3; made += 1)
      expect((await run(['create', ...stores])).error).toBeUndefined();
    const signedByFirst = ours();
    expect((await run(['key', '--out', join(work, 'second-key.txt'), ...stores])).error).toBe(
      undefined,
    );
    const made = await run(['create', ...stores]);
    expect(made.error).toBeUndefined();
    expect(made.lines.join('\n')).not.toMatch(/Kein gültiges/);
    // The oldest of the first key's archives went as BACKUP_KEEP says: it was counted as ours.
    expect(ours()).toEqual([...signedByFirst.slice(1), ours()[2]]);
  });
});
