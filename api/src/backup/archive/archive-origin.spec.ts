// Archives the site did not make: whoever can write to the remote knows the
// public age recipient (it sits in .env) and can make an archive that opens
// with the owner's key, every hash agreeing. Each such archive fails the
// drill and is refused by restore with nothing changed; the site's own
// archives pass, and one made before signatures restores only when asked.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBackupTool } from '../../../test/support/backup-tool';
import { scratchDir } from '../../../test/support/scratch';
import { readEnvFile } from '../../config/env-file';
import { createArchive } from './archive-writer';
import { newSigningPair } from './archive-signature';
import { ourArchives } from './retention';

describe('where an archive came from', () => {
  const work = scratchDir('portfolio-origin-spec-');
  const project = join(work, 'project');
  const access = join(work, 'access');
  const keyFile = join(work, 'owner-key.txt');
  const backups = join(work, 'backups');
  const forged = join(work, 'forged');
  const stores = ['--project', project, '--store', `access=${access}`];
  const env = { BACKUP_DIR: backups };
  let siteEnv: string;
  let recipient: string;

  const run = (args: string[]) => runBackupTool(args, env);

  /** The site's archives in BACKUP_DIR, oldest first (beside them lies their index). */
  const ours = () =>
    ourArchives(readdirSync(backups).filter((name) => name.endsWith('.tar.gz.age')));

  const state = () => ({
    env: readFileSync(join(project, '.env'), 'utf8'),
    access: readdirSync(access).map((name) => readFileSync(join(access, name), 'utf8')),
  });

  /** A stranger's archive: their .env and accesses, dated `at`, with hashes that agree. */
  async function stranger(
    name: string,
    options: { recipients?: string[]; signingKey?: string; at?: Date },
  ) {
    const home = join(work, `stranger-${name}`);
    mkdirSync(join(home, 'access'), { recursive: true });
    writeFileSync(join(home, '.env'), 'JWT_SECRET=fremd-fremd-fremd-fremd-fremd-fremd-00\n');
    writeFileSync(join(home, 'access', 'accesses.json'), '{"fremde":true}');
    const { path } = await createArchive({
      stores: [
        { name: 'env', kind: 'file', path: join(home, '.env') },
        { name: 'access', kind: 'folder', path: join(home, 'access') },
      ],
      backupDir: forged,
      version: 'fremd',
      now: options.at ?? new Date('2099-01-01T00:00:00Z'),
      ...options,
    });
    return path;
  }

  beforeAll(async () => {
    mkdirSync(project);
    mkdirSync(access);
    mkdirSync(forged);
    writeFileSync(join(project, '.env'), 'JWT_SECRET=echt-echt-echt-echt-echt-echt-echt-00\n');
    writeFileSync(join(access, 'accesses.json'), '{"muster":true}');
    const made = await run(['key', '--out', keyFile, ...stores]);
    expect(made.error).toBeUndefined();
    siteEnv = readFileSync(join(project, '.env'), 'utf8');
    recipient = readEnvFile(join(project, '.env')).BACKUP_AGE_RECIPIENTS;
  });

  it('writes the public signing key into the key file and the secret one into .env', () => {
    const key = readFileSync(keyFile, 'utf8');
    expect(key).toMatch(/^# portfolio-backup-signing-key: \S+$/m);
    expect(key).toMatch(/^AGE-SECRET-KEY-1[0-9A-Z]+$/m);
    expect(siteEnv).toMatch(/^BACKUP_SIGNING_KEY=\S+$/m);
    expect(siteEnv).not.toMatch(/AGE-SECRET-KEY/);
  });

  it("passes the site's own archive: verify, the drill and restore", async () => {
    const made = await run(['create', ...stores]);
    expect(made.error).toBeUndefined();
    const [archive] = ours();
    expect(archive).toMatch(/\.tar\.gz\.age$/);
    const path = join(backups, archive);
    expect((await run(['verify', path, '--identity', keyFile])).error).toBeUndefined();
    const drill = await run(['check', '--identity', keyFile, ...stores]);
    expect(drill.lines).toEqual([expect.stringMatching(/^Neuestes Archiv in Ordnung: /)]);
    const restored = await run(['restore', path, '--identity', keyFile, ...stores]);
    expect(restored.error).toBeUndefined();
  });

  it.each([
    ['plain', () => stranger('plain', {}), /nicht verschlüsselt, obwohl ein Schlüssel/],
    [
      'encrypted to the public recipient',
      () => stranger('sealed', { recipients: [recipient] }),
      /nicht signiert: es stammt nicht von dieser Website/,
    ],
    [
      'encrypted and signed with another key',
      () => stranger('signed', { recipients: [recipient], signingKey: newSigningPair().secret }),
      /die Signatur passt nicht zum Signaturschlüssel in \S+owner-key\.txt/,
    ],
  ])(
    'a stranger’s archive %s, dated 2099: the drill fails, restore refuses it and changes nothing',
    async (_, make, reason) => {
      const archive = await make();
      const before = state();
      const drill = await run(['check', forged, '--identity', keyFile, ...stores]);
      // A folder without the site's index: each archive must prove itself.
      expect(drill.lines).toEqual([
        `Kein gültiges portfolio-backup-index.json in ${forged}: jedes Archiv wird einzeln geprüft.`,
      ]);
      expect(drill.error).toMatch(/^Archiv abgelehnt: portfolio-backup-2099-01-01T000000Z/);
      expect(drill.error).toMatch(reason);
      for (const identity of [['--identity', keyFile], []]) {
        const restore = await run(['restore', archive, ...identity, ...stores]);
        expect(restore.error).toMatch(/^(Archiv abgelehnt: |\S+ ist verschlüsselt: )[^\n]+$/);
      }
      expect(state()).toEqual(before);
    },
  );

  it('fails the drill for a date in the future or one the name does not bear', async () => {
    const signingKey = readEnvFile(join(project, '.env')).BACKUP_SIGNING_KEY;
    const soon = new Date(Date.now() + 3600_000);
    const future = await stranger('future', { recipients: [recipient], signingKey, at: soon });
    const renamed = join(work, 'renamed');
    const ahead = join(work, 'ahead');
    for (const [folder, name] of [
      [renamed, 'portfolio-backup-2020-01-01T000000Z.tar.gz.age'],
      [ahead, future.split('/').at(-1) ?? ''],
    ]) {
      mkdirSync(folder);
      copyFileSync(future, join(folder, name));
    }
    const named = await run(['check', renamed, '--identity', keyFile, ...stores]);
    expect(named.error).toMatch(/der Name trägt eine andere Zeit als das Manifest/);
    const early = await run(['check', ahead, '--identity', keyFile, ...stores]);
    expect(early.error).toMatch(/datiert in der Zukunft/);
  });

  it('restores an archive made before signatures only when asked, and says what it skipped', async () => {
    const old = await stranger('old', { recipients: [recipient], at: new Date(Date.now() - 1000) });
    const refused = await run(['restore', old, '--identity', keyFile, ...stores]);
    expect(refused.error).toMatch(/nicht signiert: .*SKIP_ORIGIN_CHECK=1/);
    const args = ['restore', old, '--identity', keyFile, '--skip-origin-check', ...stores];
    const restored = await run(args);
    expect(restored.error).toBeUndefined();
    expect(restored.lines[0]).toMatch(/^SKIP_ORIGIN_CHECK: nur eine fehlende Signatur/);
    expect(state().access).toEqual(['{"fremde":true}']);
  });

  it('skips only a missing signature: a wrong one is refused all the same', async () => {
    const signingKey = newSigningPair().secret;
    const at = new Date(Date.now() - 1000);
    const wrong = await stranger('wrong', { recipients: [recipient], signingKey, at });
    const before = state();
    for (const identity of [['--identity', keyFile], []]) {
      const args = ['restore', wrong, ...identity, '--skip-origin-check', ...stores];
      const refused = await run(args);
      expect(refused.error).toMatch(
        /^(Archiv abgelehnt: die Signatur passt nicht|\S+ ist verschlüsselt)/,
      );
    }
    const plainSigned = await stranger('plain-signed', { signingKey, at });
    const fresh = ['--project', join(work, 'fresh-pi'), '--store', `access=${access}`];
    const unproven = await run(['restore', plainSigned, '--skip-origin-check', ...fresh]);
    expect(unproven.error).toMatch(
      /^Archiv abgelehnt: signiert, doch ohne Schlüssel nicht zu prüfen/,
    );
    expect(state()).toEqual(before);
  });

  it('refuses an old archive of the site under a newer name, unless the owner says so', async () => {
    const [archive] = ours();
    const newer = join(work, 'portfolio-backup-2099-12-31T000000Z.tar.gz.age');
    copyFileSync(join(backups, archive), newer);
    const before = state();
    for (const command of ['verify', 'restore']) {
      const refused = await run([command, newer, '--identity', keyFile, ...stores]);
      expect(refused.error).toMatch(
        /^Archiv abgelehnt: portfolio-backup-2099-12-31T000000Z\.tar\.gz\.age trägt eine andere Zeit als sein Manifest \(.+\): .*SKIP_NAME_CHECK=1$/,
      );
    }
    expect(state()).toEqual(before);
    const args = ['restore', newer, '--identity', keyFile, '--skip-name-check', ...stores];
    expect((await run(args)).error).toBeUndefined();
  });

  it('never writes a plain archive that would carry the signing key', async () => {
    const signingKey = readEnvFile(join(project, '.env')).BACKUP_SIGNING_KEY;
    const plain = join(work, 'plain-project');
    mkdirSync(plain);
    writeFileSync(join(plain, '.env'), `BACKUP_SIGNING_KEY=${signingKey}\n`);
    const before = ours();
    const refused = await run(['create', '--project', plain, '--store', `access=${access}`]);
    expect(refused.error).toBe(
      'BACKUP_SIGNING_KEY braucht BACKUP_AGE_RECIPIENTS: ein unverschlüsseltes Archiv trüge den ' +
        'Signaturschlüssel in sich (make backup-key; kein Archiv geschrieben.)',
    );
    expect(ours()).toEqual(before);
  });

  it('refuses to restore a plain archive when nothing could prove where it came from', async () => {
    const plain = await stranger('unproven', { at: new Date(Date.now() - 1000) });
    const fresh = ['--project', join(work, 'fresh-pi'), '--store', `access=${access}`];
    const before = state();
    const refused = await run(['restore', plain, ...fresh]);
    expect(refused.error).toMatch(/^Ohne Schlüssel lässt sich nicht prüfen, .*SKIP_ORIGIN_CHECK=1/);
    expect(state()).toEqual(before);
  });

  it('refuses a key file from before signatures in one line, unless asked', async () => {
    const oldKey = join(work, 'old-key.txt');
    writeFileSync(oldKey, readFileSync(keyFile, 'utf8').replace(/^# portfolio-backup.*\n/m, ''));
    const [archive] = ours();
    const refused = await run(['verify', join(backups, archive), '--identity', oldKey]);
    expect(refused.error).toMatch(/^\S+old-key\.txt enthält keinen Signaturschlüssel .*\.$/);
  });

  it('restores over a .env that does not parse, and says so', async () => {
    const [archive] = ours();
    writeFileSync(join(project, '.env'), `${siteEnv}BACKUP_KEEP=viele\n`);
    expect((await run(['create', ...stores])).error).toMatch(/^Ungültige Einstellung: BACKUP_KEEP/);
    const warned = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const path = join(backups, archive);
    expect((await run(['verify', path, '--identity', keyFile, ...stores])).error).toBeUndefined();
    const restored = await run(['restore', path, '--identity', keyFile, ...stores]);
    expect(restored.error).toBeUndefined();
    expect(warned.mock.calls.map(([line]) => line as string)).toEqual([
      expect.stringMatching(/^Ungültige Einstellung: BACKUP_KEEP .* ersetzt \.env\.$/),
      expect.stringMatching(/^Ungültige Einstellung: BACKUP_KEEP .* ersetzt \.env\.$/),
    ]);
    warned.mockRestore();
    expect(readFileSync(join(project, '.env'), 'utf8')).toBe(siteEnv);
  });
});
