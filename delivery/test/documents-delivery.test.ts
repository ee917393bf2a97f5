// Documents at nginx speed: the built API checks the token and the manifest,
// then answers X-Accel-Redirect, and nginx (the project's template) sends
// the file, a company's own PDF, its stamped copies or documents.zip with its
// size, ranges and every header.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pdfPageTexts, stampLinePattern, startStack, unzip, type Stack } from '@portfolio/stack';
import { assertSecurityHeaders } from './helpers/headers';
import { request } from './helpers/http-client';
import { accessCli, runTool } from './helpers/owner-tools';
import { scratchDir } from './helpers/scratch';
import { printedCode } from './engine/company-pdf';

describe('documents through nginx (X-Accel-Redirect)', () => {
  let stack: Stack;
  let auth: Record<string, string>;
  const file = 'uek-294.pdf';
  let bytes: Buffer;
  const zipCacheDir = scratchDir('portfolio-zip-delivery-');

  before(async () => {
    stack = await startStack({
      env: { LOGIN_RATE_LIMIT: '1000', SMTP_HOST: '', ZIP_CACHE_DIR: zipCacheDir },
    });
    const login = await request(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: stack.username, password: stack.password }),
    });
    auth = {
      authorization: `Bearer ${(JSON.parse(login.body.toString()) as { token: string }).token}`,
    };
    bytes = readFileSync(path.join(stack.documentsDir, file));
  });
  after(() => stack?.stop());

  it('sends a document byte for byte with its size, name, no-store and the security headers', async () => {
    const answer = await request(`${stack.baseUrl}/api/download/${file}`, { headers: auth });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, bytes);
    assert.equal(answer.headers['content-length'], String(bytes.length));
    assert.equal(answer.headers['content-type'], 'application/pdf');
    assert.match(
      String(answer.headers['content-disposition']),
      /attachment; filename="uek-294\.pdf"/,
    );
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.equal(answer.headers['x-accel-redirect'], undefined);
    assertSecurityHeaders(answer.headers, 'a document');
  });

  it('answers byte ranges, and If-Range only while the file is unchanged', async () => {
    const part = await request(`${stack.baseUrl}/api/download/${file}`, {
      headers: { ...auth, range: 'bytes=10-99' },
    });
    assert.equal(part.status, 206);
    assert.deepEqual(part.body, bytes.subarray(10, 100));
    assert.equal(part.headers['content-range'], `bytes 10-99/${bytes.length}`);
    const full = await request(`${stack.baseUrl}/api/download/${file}`, { headers: auth });
    const same = await request(`${stack.baseUrl}/api/download/${file}`, {
      headers: { ...auth, range: 'bytes=0-9', 'if-range': String(full.headers.etag) },
    });
    assert.equal(same.status, 206);
    const stale = await request(`${stack.baseUrl}/api/download/${file}`, {
      headers: { ...auth, range: 'bytes=0-9', 'if-range': '"not-the-current-one"' },
    });
    assert.equal(stale.status, 200);
    assert.deepEqual(stale.body, bytes);
  });

  it('sends documents.zip with its size, whole and in ranges', async () => {
    const zip = await request(`${stack.baseUrl}/api/download-all`, { headers: auth });
    assert.equal(zip.status, 200);
    assert.equal(zip.headers['content-length'], String(zip.body.length));
    assert.match(String(zip.headers['content-disposition']), /filename="documents\.zip"/);
    assert.equal(zip.headers['cache-control'], 'no-store');
    const entries = [...(await unzip(zip.body))];
    const entry = entries.find(([name]) => name.endsWith(`/${file}`));
    assert.deepEqual(entry?.[1], bytes);
    const tail = await request(`${stack.baseUrl}/api/download-all`, {
      headers: { ...auth, range: 'bytes=-22' },
    });
    assert.equal(tail.status, 206);
    assert.deepEqual(tail.body, zip.body.subarray(zip.body.length - 22));
  });

  it('sends a whole documents.zip again after the cached one was cut short', async () => {
    const whole = (await request(`${stack.baseUrl}/api/download-all`, { headers: auth })).body;
    for (const name of readdirSync(zipCacheDir).filter((entry) => entry.endsWith('.zip')))
      truncateSync(path.join(zipCacheDir, name), Math.floor(whole.length / 2));
    const again = await request(`${stack.baseUrl}/api/download-all`, { headers: auth });
    assert.equal(again.status, 200);
    assert.equal(again.headers['content-length'], String(again.body.length));
    // Rebuilt, so the entries' times may differ: the files inside may not.
    const contents = async (zip: Buffer) => [...(await unzip(zip))];
    assert.deepEqual(await contents(again.body), await contents(whole));
  });

  it("sends a company's own PDF under the owner's name for it, with the documents' headers, and withholds it cut short", async () => {
    const upload = path.join(scratchDir('portfolio-letter-delivery-'), 'brief.pdf');
    const letter = Buffer.from('%PDF-1.7\n% Motivationsschreiben für die Messe AG\n%%EOF\n');
    writeFileSync(upload, letter);
    const added = runTool(
      accessCli,
      ['add', '--file', upload, '--label', 'Motivationsschreiben', '--', 'Messe AG'],
      {
        PATH: process.env.PATH ?? '',
        ACCESS_DIR: stack.accessDir,
        LETTERS_DIR: stack.lettersDir,
        SITE_URL: stack.baseUrl,
      },
    );
    assert.equal(added.status, 0, added.stderr);
    const code = printedCode(added.stdout);
    const opened = await request(`${stack.baseUrl}/api/auth/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const token = (JSON.parse(opened.body.toString()) as { token: string }).token;
    const company = { authorization: `Bearer ${token}` };
    const list = await request(`${stack.baseUrl}/api/documents`, { headers: company });
    const [own] = JSON.parse(list.body.toString()) as Array<{ files: Array<{ id: string }> }>;
    const answer = await request(`${stack.baseUrl}/api/letters/${own.files[0].id}`, {
      headers: company,
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, letter);
    assert.equal(answer.headers['content-length'], String(letter.length));
    assert.equal(answer.headers['content-type'], 'application/pdf');
    assert.match(
      String(answer.headers['content-disposition']),
      /^attachment; filename="Motivationsschreiben\.pdf"/,
    );
    assert.equal(answer.headers['cache-control'], 'no-store');
    assertSecurityHeaders(answer.headers, "a company's own PDF");
    // Not the shared login's, and never reached directly.
    const shared = await request(`${stack.baseUrl}/api/letters/${own.files[0].id}`, {
      headers: auth,
    });
    assert.equal(shared.status, 404);
    const [folder] = readdirSync(stack.lettersDir);
    const [stored] = readdirSync(path.join(stack.lettersDir, folder));
    assert.equal(
      (await request(`${stack.baseUrl}/_protected/letters/${folder}/${stored}`)).status,
      404,
    );
    // Cut short on disk: left out of the list and the ZIP, and a 404 through nginx too.
    truncateSync(path.join(stack.lettersDir, folder, stored), 20);
    const after = await request(`${stack.baseUrl}/api/documents`, { headers: company });
    assert.doesNotMatch(after.body.toString(), /Motivationsschreiben/);
    const cut = await request(`${stack.baseUrl}/api/letters/${own.files[0].id}`, {
      headers: company,
    });
    assert.equal(cut.status, 404);
    const zip = await request(`${stack.baseUrl}/api/download-all`, { headers: company });
    assert.equal(zip.status, 200);
    assert.ok(![...(await unzip(zip.body)).keys()].includes('Motivationsschreiben.pdf'));
  });

  /** A link made with make access-add's tool, its PDF `letter`, opened as the company would. */
  async function companyLink(name: string, letter: string) {
    const added = runTool(accessCli, ['add', '--file', letter, '--label', 'Dossier', '--', name], {
      PATH: process.env.PATH ?? '',
      ACCESS_DIR: stack.accessDir,
      LETTERS_DIR: stack.lettersDir,
      SITE_URL: stack.baseUrl,
    });
    assert.equal(added.status, 0, added.stderr);
    const opened = await request(`${stack.baseUrl}/api/auth/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: printedCode(added.stdout) }),
    });
    const { token } = JSON.parse(opened.body.toString()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const list = await request(`${stack.baseUrl}/api/documents`, { headers });
    const [own] = JSON.parse(list.body.toString()) as Array<{ files: Array<{ id: string }> }>;
    return { headers, letter: `${stack.baseUrl}/api/letters/${own.files[0].id}` };
  }

  /** Every page names the company; as many pages as the original. */
  async function assertStamped(sent: Buffer, original: Buffer, company: string) {
    const pages = await pdfPageTexts(sent);
    assert.equal(pages.length, (await pdfPageTexts(original)).length);
    for (const page of pages) assert.match(page, stampLinePattern(company));
  }

  it('stamps every page a company gets with its name, its letter, a shared document and each PDF of its ZIP, sent by nginx with ranges', async () => {
    const dossier = path.join(stack.documentsDir, 'bewerbungsdossier.pdf');
    const zurich = await companyLink('Zürcher Söhne AG', dossier);
    const basel = await companyLink('Basler Bäckerei & Çie', dossier);
    const letter = await request(zurich.letter, { headers: zurich.headers });
    assert.equal(letter.status, 200);
    assert.equal(letter.headers['content-length'], String(letter.body.length));
    assert.equal(letter.headers['cache-control'], 'no-store');
    assert.equal(letter.headers['x-accel-redirect'], undefined);
    await assertStamped(letter.body, readFileSync(dossier), 'Zürcher Söhne AG');
    // Made once: the same bytes again, and a range of them.
    assert.deepEqual((await request(zurich.letter, { headers: zurich.headers })).body, letter.body);
    const part = await request(zurich.letter, {
      headers: { ...zurich.headers, range: 'bytes=10-99' },
    });
    assert.equal(part.status, 206);
    assert.deepEqual(part.body, letter.body.subarray(10, 100));

    const shared = await request(`${stack.baseUrl}/api/download/${file}`, {
      headers: zurich.headers,
    });
    await assertStamped(shared.body, bytes, 'Zürcher Söhne AG');
    const other = await request(`${stack.baseUrl}/api/download/${file}`, {
      headers: basel.headers,
    });
    await assertStamped(other.body, bytes, 'Basler Bäckerei & Çie');
    assert.doesNotMatch((await pdfPageTexts(other.body)).join(''), /Zürcher/);
    // The shared login still gets the original.
    assert.deepEqual(
      (await request(`${stack.baseUrl}/api/download/${file}`, { headers: auth })).body,
      bytes,
    );

    const zip = await request(`${stack.baseUrl}/api/download-all`, { headers: zurich.headers });
    const entries = [...(await unzip(zip.body))];
    assert.ok(entries.length > 2);
    for (const [name, entry] of entries) {
      const original =
        name === 'Dossier.pdf'
          ? readFileSync(dossier)
          : readFileSync(path.join(stack.documentsDir, path.basename(name)));
      await assertStamped(entry, original, 'Zürcher Söhne AG');
    }
  });

  it('needs a token for every byte: the internal locations refuse direct requests', async () => {
    assert.equal((await request(`${stack.baseUrl}/api/download/${file}`)).status, 401);
    assert.equal((await request(`${stack.baseUrl}/api/download-all`)).status, 401);
    assert.equal((await request(`${stack.baseUrl}/_protected/documents/${file}`)).status, 404);
    assert.equal(
      (await request(`${stack.baseUrl}/_protected/documents/manifest.json`)).status,
      404,
    );
    assert.equal((await request(`${stack.baseUrl}/_protected/zip/`)).status, 404);
    assert.equal((await request(`${stack.baseUrl}/_protected/stamped/`)).status, 404);
    assert.equal(
      (await request(`${stack.baseUrl}/api/download/manifest.json`, { headers: auth })).status,
      404,
    );
  });
});
