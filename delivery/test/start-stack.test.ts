// The native launcher used by make local, e2e and bench: started with a
// stand-in API and bundle, it wires nginx, the API's environment and the
// SMTP sink together, and stops everything again.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  freePort,
  freePorts,
  readMailbox,
  startStack,
  waitForMail,
  type Stack,
} from '@portfolio/stack';
import { request } from './helpers/http-client';
import { sendMail } from './helpers/smtp-client';
import { INDEX_HTML, SPA_HTML, makeStaticSite } from './helpers/static-site';

const fakeApi = path.join(__dirname, 'fixtures', 'fake-api.mjs');

interface Echo {
  headers: Record<string, string>;
  env: Record<string, string | null>;
}

describe('startStack', () => {
  let site: string;
  let stack: Stack;
  let echo: Echo;

  before(async () => {
    site = await makeStaticSite();
    stack = await startStack({
      apiEntry: fakeApi,
      webRoot: site,
      env: { AUTH_USERNAME: 'tester', SMTP_HOST: '' },
    });
    echo = JSON.parse((await request(`${stack.baseUrl}/api/echo`)).body.toString()) as Echo;
  });

  after(async () => {
    await stack?.stop();
    await rm(site, { recursive: true, force: true });
  });

  it('serves the bundle through nginx and the API behind /api', async () => {
    assert.match(stack.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal((await request(`${stack.baseUrl}/protected`)).body.toString(), SPA_HTML);
    assert.equal((await request(`${stack.apiUrl}/api/health`)).status, 200);
    assert.equal(echo.headers['x-forwarded-for'], '127.0.0.1');
  });

  it('gives the API the login, a password hash and the SMTP sink', () => {
    assert.equal(stack.username, 'tester');
    assert.equal(echo.env.AUTH_USERNAME, 'tester');
    assert.ok(stack.password && stack.password.length >= 12, 'a random password');
    assert.match(String(echo.env.AUTH_PASSWORD_HASH), /^scrypt:/);
    assert.ok(String(echo.env.JWT_SECRET).length >= 32);
    assert.equal(echo.env.SMTP_HOST, '127.0.0.1');
    assert.equal(echo.env.MAIL_SPOOL_DIR, stack.mailDir);
  });

  it('saves mails as .eml files that readMailbox parses', async () => {
    const port = Number(echo.env.SMTP_PORT);
    const message = [
      'From: Portfolio <noreply@example.com>',
      'To: owner@example.com',
      'Reply-To: visitor@example.com',
      'Subject: =?UTF-8?Q?Kontaktanfrage_von_J=C3=BCrg?=',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Grüezi mitenand',
    ].join('\r\n');
    await sendMail(port, 'noreply@example.com', 'owner@example.com', message);
    const saved = await waitForMail(
      stack.mailDir as string,
      (mail) => mail.subject?.includes('Jürg') ?? false,
    );
    assert.equal(saved.mail.replyTo?.text, 'visitor@example.com');
    assert.equal(saved.mail.text?.trim(), 'Grüezi mitenand');
    assert.equal((await readMailbox(stack.mailDir as string)).length, 1);
  });

  it('can take the SMTP sink down and bring it back on the same port', async () => {
    const port = Number(echo.env.SMTP_PORT);
    await stack.stopSmtp();
    await assert.rejects(
      sendMail(port, 'a@example.com', 'b@example.com', 'Subject: x\r\n\r\nx'),
      /ECONNREFUSED/,
    );
    await stack.startSmtp();
    await sendMail(port, 'a@example.com', 'b@example.com', 'Subject: wieder da\r\n\r\nx');
    await waitForMail(stack.mailDir as string, (mail) => mail.subject === 'wieder da');
  });

  it(
    'serves a bundle inside a private (0700) folder when started as root',
    { skip: process.getuid?.() === 0 ? false : 'only root hands requests to other workers' },
    async () => {
      const privateDir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-private-'));
      await chmod(privateDir, 0o700);
      const privateSite = path.join(privateDir, 'dist');
      await cp(site, privateSite, { recursive: true });
      const third = await startStack({ apiEntry: fakeApi, webRoot: privateSite });
      try {
        assert.equal((await request(`${third.baseUrl}/`)).body.toString(), INDEX_HTML);
      } finally {
        await third.stop();
        await rm(privateDir, { recursive: true, force: true });
      }
    },
  );

  it('names the missing builds instead of starting', async () => {
    await assert.rejects(
      startStack({ apiEntry: path.join(site, 'missing.js'), webRoot: site }),
      /npm run build -w api/,
    );
  });

  it('stops nginx, the API and the sink and removes its temp folder', async () => {
    const second = await startStack({ apiEntry: fakeApi, webRoot: site });
    const runDir = path.dirname(second.mailDir as string);
    assert.ok(existsSync(runDir));
    await second.stop();
    await assert.rejects(request(`${second.baseUrl}/`), /ECONNREFUSED/);
    await assert.rejects(request(`${second.apiUrl}/api/health`), /ECONNREFUSED/);
    assert.ok(!existsSync(runDir));
  });
});

describe('freePorts', () => {
  it('never hands a port out twice, even once it is free again', async () => {
    // A server given a port may bind it only later (nginx listens for HTTPS
    // once it has a certificate); meanwhile the OS may offer it again.
    const ports = [...(await freePorts(3))];
    for (let i = 0; i < 300; i += 1) ports.push(await freePort());
    assert.equal(new Set(ports).size, ports.length);
  });
});
