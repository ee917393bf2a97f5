// A restore cut short (SIGKILL in the middle of its transaction, as a power
// cut or a dropped ssh session ends it) keeps the site from starting until
// the backup tool has ended it: the API refuses in one line naming the
// store and both ways out; the same restore run again finishes, and the
// site starts on what the archive holds.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startStack } from '@portfolio/stack';
import { accessCli, backupCli, runTool, storeArgs } from './helpers/owner-tools';
import { scratchDir } from './helpers/scratch';

const killedRestore = path.join(__dirname, 'fixtures', 'killed-restore.ts');

describe('a restore killed in the middle of its transaction', () => {
  const work = scratchDir('portfolio-unfinished-restore-');
  const project = path.join(work, 'project');
  const stores = {
    access: path.join(work, 'access'),
    letters: path.join(work, 'letters'),
    outbox: path.join(work, 'mail-outbox'),
  };
  const siteEnv = {
    ACCESS_DIR: stores.access,
    LETTERS_DIR: stores.letters,
    MAIL_OUTBOX_DIR: stores.outbox,
  };
  const env = { PATH: process.env.PATH ?? '', BACKUP_DIR: path.join(work, 'backups') };
  const accesses = () => readFileSync(path.join(stores.access, 'accesses.json'), 'utf8');

  it('stops the site in one line until the same restore, run again, has finished it', async () => {
    for (const folder of [project, ...Object.values(stores)]) mkdirSync(folder);
    writeFileSync(path.join(project, '.env'), 'JWT_SECRET=geheim-geheim-geheim-geheim-0815\n');
    const access = (name: string) => runTool(accessCli, ['add', name], { ...env, ...siteEnv });
    assert.equal(access('Muster AG').status, 0);
    writeFileSync(path.join(stores.letters, 'keep.txt'), 'archived');
    const created = runTool(backupCli, ['create', ...storeArgs(project, stores)], env);
    assert.equal(created.status, 0, created.stderr);
    const archive = path.join(env.BACKUP_DIR, readdirSync(env.BACKUP_DIR)[0]);
    const archived = accesses();
    assert.equal(access('Später AG').status, 0);
    writeFileSync(path.join(stores.letters, 'keep.txt'), 'written since');

    const journals = path.join(project, '.portfolio-backup.journals');
    const targets = [
      ...Object.entries(stores).map(([name, folder]) => `${name}=${folder}`),
      `env=${path.join(project, '.env')}`,
    ];
    const killed = spawnSync(
      process.execPath,
      ['--import', 'tsx', killedRestore, archive, journals, ...targets],
      { encoding: 'utf8' },
    );
    assert.equal(killed.signal, 'SIGKILL', killed.stderr);

    // The API's own check, under make local and in its image alike; run here on the test's
    // stores, never in the checkout's .local/ or with its .env.
    const refused = await startStack({ env: siteEnv }).then(
      async (stack) => {
        await stack.stop();
        return 'the site started';
      },
      (error: Error) => error.message,
    );
    const refusals = refused
      .split('\n')
      .filter((line) => line.startsWith('API not started / API nicht gestartet: '));
    assert.deepEqual(refusals, [
      `API not started / API nicht gestartet: ACCESS_DIR (${stores.access}): eine Wiederherstellung wurde unterbrochen / ` +
        'a restore was cut short. Dieselbe noch einmal / run it again: make restore FILE=… ' +
        '(ohne Docker / without Docker: make restore-local FILE=…), oder zurücknehmen / or roll ' +
        'it back: make restore-recover (make restore-recover-local); die Website startet erst ' +
        'danach / the site starts after that.',
    ]);

    const again = runTool(
      backupCli,
      ['restore', archive, '--skip-origin-check', ...storeArgs(project, stores)],
      env,
    );
    assert.equal(again.status, 0, again.stderr);
    assert.match(
      again.stdout,
      /^Unterbrochene Wiederherstellung zurückgenommen: access, letters, outbox, env wie vor ihr\.$/m,
    );
    assert.match(again.stdout, /^Wiederhergestellt aus /m);
    assert.equal(accesses(), archived);
    assert.equal(readFileSync(path.join(stores.letters, 'keep.txt'), 'utf8'), 'archived');

    const stack = await startStack({ env: siteEnv });
    try {
      assert.equal((await fetch(`${stack.apiUrl}/api/health`)).status, 200);
    } finally {
      await stack.stop();
    }
  });
});
