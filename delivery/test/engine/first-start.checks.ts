// A new owner's first minutes: `make up` in a fresh checkout without .env,
// the one-time password from the API's log, the prerendered pages, the
// documents through nginx, a contact mail in Mailpit, an access link made
// inside the API container and the owner's passkey setup link.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { repoRoot, unzip } from '@portfolio/stack';
import { readTerminalQrCode } from '../helpers/terminal-qr';
import type { EngineSession } from './engine-session';
import { printedCode } from './company-pdf';

const MAX_APP_BYTES = 40 * 1024 * 1024;
const samples = path.join(repoRoot, 'documents', 'samples');

/** Bytes of the API image's /app, counted by the image's own node. */
function appBytes(session: EngineSession): number {
  const count = `const fs=require('fs'),p=require('path');const walk=(d)=>fs.readdirSync(d,{withFileTypes:true}).reduce((n,e)=>n+(e.isDirectory()?walk(p.join(d,e.name)):e.isFile()?fs.statSync(p.join(d,e.name)).size:0),0);console.log(walk('/app'))`;
  return Number(
    session.project.docker(['run', '--rm', '--entrypoint', 'node', 'portfolio-api', '-e', count]),
  );
}

export function firstStartChecks(current: () => EngineSession) {
  describe('first start without .env (make up)', () => {
    let session: EngineSession;
    let token: string;

    before(async () => {
      session = current();
      const started = Date.now();
      session.make('up');
      await session.waitForSite();
      console.log(
        `engine: make up (build and start) took ${Math.round((Date.now() - started) / 1000)} s`,
      );
    });

    it('prints a one-time password in `docker compose logs api` that logs in through nginx', async () => {
      token = await session.login();
      assert.ok(token.length > 20);
    });

    it('serves / and /en/ prerendered, in their languages, and the app shell for /protected', async () => {
      const home = (await session.get('/')).body.toString();
      assert.match(home, /<html[^>]* lang="de"/);
      assert.match(home, /<h2 id="about-title"[^>]*>Über mich/);
      const english = (await session.get('/en/')).body.toString();
      assert.match(english, /<html[^>]* lang="en"/);
      assert.match(english, /<h2 id="about-title"[^>]*>About me/);
      const script = /\/assets\/[^"\s]+\.js/.exec(home)?.[0];
      assert.ok(script, 'a script of the bundle');
      assert.equal((await session.get(script)).status, 200);
      const health = JSON.parse((await session.get('/api/health')).body.toString()) as {
        status: string;
      };
      assert.equal(health.status, 'ok');
      const shell = await session.get('/protected');
      assert.equal(shell.status, 200);
      assert.match(shell.body.toString(), /<div id="root">/);
    });

    it('sends a mounted document byte for byte and a documents.zip with every document', async () => {
      const groups = JSON.parse(
        (await session.get('/api/documents', token)).body.toString(),
      ) as Array<{
        files: Array<{ filename: string }>;
      }>;
      const files = groups.flatMap((group) => group.files);
      const file = await session.get(`/api/download/${files[0].filename}`, token);
      assert.equal(file.status, 200);
      assert.deepEqual(file.body, readFileSync(path.join(samples, files[0].filename)));
      const zip = await session.get('/api/download-all', token);
      assert.equal(zip.status, 200);
      assert.equal((await unzip(zip.body)).size, files.length);
    });

    it('delivers a contact message to Mailpit, with the visitor as Reply-To', async () => {
      const sent = await session.post('/api/mail', {
        name: 'Engine Test',
        email: 'hr@example.ch',
        message: 'Erste Nachricht aus dem Container.',
      });
      assert.equal(sent.status, 200);
      const [message] = await session.waitForMessages('Erste Nachricht aus dem Container.');
      assert.equal(message.ReplyTo[0]?.Address, 'hr@example.ch');
    });

    it('makes an access link inside the API container (make access-add) that logs in', async () => {
      const output = session.make('access-add', { NAME: 'Engine AG', DAYS: '30' });
      const code = printedCode(output);
      assert.match(output, /Link:\s+\S+\/protected#zugang=/);
      const opened = await session.post('/api/auth/access', { code });
      assert.equal(opened.status, 200);
      const accessToken = (JSON.parse(opened.body.toString()) as { token: string }).token;
      assert.equal((await session.get('/api/documents', accessToken)).status, 200);
      assert.match(session.make('access-list'), /Engine AG/);
    });

    it("prints the owner's passkey setup link (make owner-setup) that the API takes for its page", async () => {
      const output = session.make('owner-setup');
      const [link, setupToken] = /\S+\/verwaltung#einrichten=(\S+)/.exec(output) ?? [];
      assert.ok(setupToken, output);
      // For the phone: the link as a QR code, and, as a plain make up has no HTTPS name, why
      // a phone cannot use it yet.
      assert.equal(readTerminalQrCode(output), link);
      assert.match(output, /^Ein Handy kann hier keine Passkeys verwenden: .*DOMAIN.*SITE_URL/m);
      const options = await session.post('/api/owner/setup/options', { setupToken });
      assert.equal(options.status, 200, options.body.toString());
      const { rp, challenge } = JSON.parse(options.body.toString()) as {
        rp: { id: string };
        challenge: string;
      };
      assert.equal(rp.id, 'localhost');
      assert.ok(challenge.length >= 16);
      assert.match(session.make('owner-passkeys'), /Noch kein Passkey/);
    });

    it('keeps the API image small: application files at most 40 MB', () => {
      const bytes = appBytes(session);
      console.log(
        `engine: API image application files (/app): ${(bytes / 1024 / 1024).toFixed(1)} MB`,
      );
      assert.ok(bytes <= MAX_APP_BYTES, `/app holds ${bytes} bytes`);
    });
  });
}
