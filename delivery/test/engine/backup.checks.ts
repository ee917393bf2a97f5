// `make backup` and `make restore` on the engine, as an owner who loses the
// SD card uses them: every store filled (access links with their log, a mail
// in Mailpit, a message waiting in the outbox for a stopped Mailpit), a
// backup taken while visitors keep loading `/`, every volume destroyed, a
// damaged archive refused, the archive restored into the fresh stack, and
// each store as it was.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import type { EngineSession } from './engine-session';

interface Stores {
  accessList: string;
  accessLog: string;
  mailIds: string[];
}

async function stores(session: EngineSession): Promise<Stores> {
  return {
    accessList: session.make('access-list'),
    accessLog: session.make('access-log', { JSON: '1' }),
    mailIds: (await session.mailpitMessages()).map((message) => message.ID).sort(),
  };
}

/** Loads `/` until `done` resolves; returns every status that was not 200. */
async function visitorsDuring(session: EngineSession, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const failures: number[] = [];
  let visits = 0;
  while (!finished) {
    const status = await session.get('/').then(
      (response) => response.status,
      () => 0,
    );
    visits += 1;
    if (status !== 200) failures.push(status);
  }
  console.log(`engine: ${visits} visits to / during make backup`);
  return failures;
}

export function backupChecks(current: () => EngineSession) {
  describe('make backup and make restore after the SD card is lost', () => {
    let session: EngineSession;
    let backupDir: string;
    let before1: Stores;
    let archive: string;
    const waiting = 'Wartet in der Sicherung.';

    before(async () => {
      session = current();
      backupDir = path.join(session.project.dir, 'backups');
      await session.waitForSite();
      const code = /Code:\s+(\S+)/.exec(session.make('access-add', { NAME: 'Gesichert AG' }))?.[1];
      const opened = await session.post('/api/auth/access', { code });
      const token = (JSON.parse(opened.body.toString()) as { token: string }).token;
      await session.get('/api/documents', token);
      before1 = await stores(session);
      // Mailpit stopped: the message waits in the outbox when the backup is taken.
      await session.queueWhileMailpitStopped(waiting);
    });

    it('writes one owner-only archive while visitors keep loading / without a failure', async () => {
      const backup = session.project.makeAsync('backup');
      const failures = await visitorsDuring(session, backup);
      const { status, stdout, stderr } = await backup;
      assert.equal(status, 0, stderr);
      assert.deepEqual(failures, []);
      const archives = readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz'));
      assert.equal(archives.length, 1);
      archive = path.join(backupDir, archives[0]);
      assert.equal(statSync(archive).mode & 0o777, 0o600);
      assert.match(
        stdout + stderr,
        /Sicherung .*portfolio-backup-.*\.tar\.gz \(.*\): access \d+, outbox \d+, mailpit \d+/,
      );
    });

    it('refuses a damaged archive with one line, before anything is touched', () => {
      const damaged = path.join(backupDir, 'damaged.tar.gz');
      const bytes = readFileSync(archive);
      writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
      session.make('down');
      const refused = session.project.make('restore', { FILE: damaged });
      assert.notEqual(refused.status, 0);
      assert.match(refused.stderr, /Archiv abgelehnt: /);
      assert.equal(session.project.containerId('api'), undefined, 'the site was not started');
    });

    it('brings every store back into a fresh stack, and the waiting message is delivered', async () => {
      // The card is gone: containers, networks and every volume.
      session.project.mustCompose(['down', '--volumes']);
      const restored = session.make('restore', { FILE: archive });
      assert.match(restored, /Archiv in Ordnung/);
      await session.waitForSite();
      await session.waitForMessages(waiting, 1, 120_000);
      const after = await stores(session);
      assert.equal(after.accessList, before1.accessList);
      assert.equal(after.accessLog, before1.accessLog);
      for (const id of before1.mailIds)
        assert.ok(after.mailIds.includes(id), `message ${id} restored`);
    });
  });
}
