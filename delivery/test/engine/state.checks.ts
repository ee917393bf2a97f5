// What survives: a contact message waiting for a stopped Mailpit while the
// API is killed, `docker compose stop` within the grace period, and every
// store (access links and their log, a company's own PDF, Mailpit's
// messages, the outbox) across `make down` + `make up` and across a rebuild
// of both images.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { until } from '../helpers/until';
import { pdfPageTexts, stampLinePattern } from '@portfolio/stack';
import { companyDocument, companyPdf, letterOnHost, printedCode } from './company-pdf';
import type { EngineSession } from './engine-session';

const STOP_GRACE_SECONDS = 10;

interface Snapshot {
  mailIds: string[];
  accessList: string;
  accessLog: string;
}

async function snapshot(session: EngineSession): Promise<Snapshot> {
  return {
    mailIds: (await session.mailpitMessages()).map((message) => message.ID).sort(),
    accessList: session.make('access-list'),
    accessLog: session.make('access-log', { JSON: '1' }),
  };
}

function imageId(session: EngineSession, image: string): string {
  return session.project.docker(['image', 'inspect', '--format', '{{.Id}}', image]).trim();
}

/**
 * Exactly one message with the marker, also once a message sent after it has arrived: the
 * outbox sends in order, so a second copy would have come first.
 */
async function deliveredOnce(session: EngineSession, marker: string) {
  await session.waitForMessages(marker, 1, 120_000);
  const after = `${marker} (danach)`;
  const sent = await session.post('/api/mail', {
    name: 'Engine Test',
    email: 'hr@example.ch',
    message: after,
  });
  assert.equal(sent.status, 200);
  await session.waitForMessages(after, 1, 120_000);
  const copies = (await session.mailpitMessages()).filter((m) => m.Snippet.includes(marker));
  assert.equal(copies.filter((m) => !m.Snippet.includes(after)).length, 1);
}

export function stateChecks(current: () => EngineSession) {
  describe('state across kills, restarts and rebuilds', () => {
    let session: EngineSession;
    let before1: Snapshot;
    let accessCode: string;
    // Uploaded with make access-add FILE=…, as an owner without the page would.
    const letter = letterOnHost('Motivationsschreiben für die Bleibt AG');

    before(async () => {
      session = current();
      // The owner's knob for a message in flight when the API dies: sent again
      // after 30 s instead of 10 minutes (docs/faults.md).
      writeFileSync(path.join(session.project.dir, '.env'), 'MAIL_SEND_LEASE=30s\n');
      session.project.retranslate();
      session.make('up');
      await session.waitForSite();
      const added = session.make('access-add', {
        NAME: 'Bleibt AG',
        SECTIONS: 'Bewerbung',
        FILE: letter.file,
      });
      assert.match(added, /^Eigene Datei „Motivationsschreiben“ \(1 KB\) hinzugefügt\.$/m);
      accessCode = printedCode(added);
    });

    it('delivers once a message that waited for a stopped Mailpit while the API was killed', async () => {
      await session.queueWhileMailpitStopped('Nach dem Absturz zugestellt.');
      session.project.docker(['kill', '-s', 'KILL', session.project.containerId('api') as string]);
      session.project.mustCompose(['up', '-d', '--no-build']);
      await session.waitForSite();
      await deliveredOnce(session, 'Nach dem Absturz zugestellt.');
    });

    it('stops every service within its grace period, none by SIGKILL', () => {
      try {
        // One at a time, in compose's own order, so each one's time is its own.
        // Past the grace period Docker sends SIGKILL (exit code 137): the code tells, not a clock.
        for (const service of ['web', 'api', 'mailpit']) {
          session.project.mustCompose(['stop', '--timeout', String(STOP_GRACE_SECONDS), service]);
          const exitCode = session.project.inspect<number>(service, '.State.ExitCode');
          assert.notEqual(exitCode, 137, `${service} was killed`);
        }
      } finally {
        session.project.mustCompose(['up', '-d', '--no-build']);
      }
    });

    it("keeps access links, their log, a company's own PDF, Mailpit and the outbox across make down and make up", async () => {
      await session.waitForSite();
      // nginx reads the PDF the API's user wrote, from its read-only mount of the volume.
      assert.deepEqual(await companyPdf(session, accessCode), {
        filename: 'Motivationsschreiben.pdf',
        bytes: letter.bytes,
      });
      before1 = await snapshot(session);
      await session.queueWhileMailpitStopped('Wartet über make down hinweg.');
      session.make('down');
      session.make('up');
      await session.waitForSite();
      await deliveredOnce(session, 'Wartet über make down hinweg.');
      const after = await snapshot(session);
      assert.equal(after.accessList, before1.accessList);
      assert.equal(after.accessLog, before1.accessLog);
      for (const id of before1.mailIds) assert.ok(after.mailIds.includes(id), `message ${id} kept`);
      assert.match(after.accessList, /^Bleibt AG +Bewerbung +Motivationsschreiben \(1 KB\)$/m);
      assert.deepEqual((await companyPdf(session, accessCode)).bytes, letter.bytes);
    });

    it("stamps the company's name on every page of a shared PDF, in the API image's child process, sent by nginx", async () => {
      const sample = 'bewerbungsdossier.pdf';
      const pages = await pdfPageTexts(await companyDocument(session, accessCode, sample));
      const original = readFileSync(path.join(session.project.dir, 'documents', 'samples', sample));
      assert.equal(pages.length, (await pdfPageTexts(original)).length);
      for (const page of pages) assert.match(page, stampLinePattern('Bleibt AG'));
    });

    it('keeps every store across a rebuild of both images', async () => {
      const images = ['portfolio-api', 'portfolio-web'];
      const oldIds = images.map((image) => imageId(session, image));
      const state = await snapshot(session);
      // A change to what each image ships, as a new version of the site brings.
      const stamp = `engine suite rebuild ${Date.now()}`;
      appendFileSync(path.join(session.project.dir, 'api', 'src', 'main.ts'), `// ${stamp}\n`);
      writeFileSync(path.join(session.project.dir, 'web', 'public', 'rebuild.txt'), `${stamp}\n`);
      session.make('up');
      await session.waitForSite();
      images.forEach((image, index) => assert.notEqual(imageId(session, image), oldIds[index]));
      const after = await snapshot(session);
      assert.equal(after.accessList, state.accessList);
      assert.equal(after.accessLog, state.accessLog);
      // The API's restart sends the owner the links' uses it had collected for its next
      // notice (api/src/access/access-notifier.ts): new mails may come; none that was there goes.
      for (const id of state.mailIds) assert.ok(after.mailIds.includes(id), `message ${id} kept`);
      const opened = await until(
        async () => (await session.post('/api/auth/access', { code: accessCode })).status === 200,
        'the access code to log in after the rebuild',
      );
      assert.ok(opened);
    });
  });
}
