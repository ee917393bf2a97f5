import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runAccessCommand } from '../src/access/access.cli';
import { AccessLogEntry } from '../src/access/access-log';
import { accessState } from '../src/access/access-record';
import { AccessStore } from '../src/access/access-store';
import { runOwnerCommand } from '../src/owner/owner.cli';
import { OwnerSetupStore, SETUP_LINK_TTL_MS } from '../src/owner/owner-setup-store';
import { scratchDir } from './support/scratch';
import { SoftAuthenticator } from './support/soft-authenticator';
import { IPHONE, OwnerPage, SITE, ownerCommand, startOwnerPage } from './support/owner-page';
import { TEST_JWT_SECRET, TestApp, TestEnv, loginToken } from './support/test-app';
import { craftToken, nowSeconds } from './support/tokens';
import { until } from './support/until';

const SETUP_REFUSED =
  'Dieser Einrichtungslink ist ungültig, abgelaufen oder schon benutzt. Neuen Link mit make owner-setup.';
const SIGN_IN_REFUSED = 'Anmeldung mit diesem Passkey nicht möglich.';
const ZURICH = { timeZone: 'Europe/Zurich' } as const;

describe("the owner's page", () => {
  let testApp: TestApp;
  let page: OwnerPage;
  let dir: string;

  const start = async (env: TestEnv = {}) => {
    page = await startOwnerPage(dir, env);
    testApp = page.testApp;
  };
  const post = (path: string, body: object = {}) => page.post(path, body);
  const asOwner = (token: string) => page.as(token);
  const command = (run: typeof runOwnerCommand, ...args: string[]) =>
    ownerCommand(dir, run, ...args);
  const register = (token?: string) => page.register(token);
  const signIn = (authenticator: SoftAuthenticator) => page.signIn(authenticator);

  /** make owner-setup: the token of the link it prints, which says what it is. */
  async function setupToken(): Promise<string> {
    const printed = await command(runOwnerCommand, 'setup-link');
    expect(printed).toMatch(/^Einrichtungslink \(15 Minuten gültig, einmal verwendbar\):\n/);
    return page.setupToken();
  }

  beforeEach(() => {
    dir = scratchDir('api-owner-');
  });
  afterEach(async () => {
    await testApp?.close();
  });

  it('registers a passkey with the setup link of make owner-setup, and signs the owner in', async () => {
    await start();
    const setup = await setupToken();
    const options = await post('/api/owner/setup/options', { setupToken: setup }).expect(200);
    expect(options.body).toMatchObject({
      rp: { id: 'localhost', name: 'Portfolio' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
      challenge: expect.any(String),
    });
    const authenticator = new SoftAuthenticator(SITE);
    const response = authenticator.register(options.body);
    const verified = await post('/api/owner/setup/verify', { setupToken: setup, response })
      .set('User-Agent', IPHONE)
      .expect(201);
    expect(verified.body).toEqual({ token: expect.any(String), expiresIn: 900 });

    const passkeys = await asOwner(verified.body.token).get('/api/owner/passkeys').expect(200);
    // Named after the phone it came from, with the date.
    const label = `iPhone · Safari, ${new Date().toLocaleDateString('de-CH', ZURICH)}`;
    expect(passkeys.body).toEqual([
      { id: authenticator.id, label, createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const stored = await readFile(join(dir, 'owner-setup.json'), 'utf8');
    expect(stored).not.toContain(setup);
    expect(testApp.logger.text()).not.toContain(setup);
    expect(testApp.logger.text()).not.toContain(verified.body.token);
    expect(await command(runOwnerCommand, 'passkeys')).toContain(label);
  });

  it('refuses a used setup link, and excludes the passkeys there are', async () => {
    await start();
    const { setup, response, authenticator } = await register();
    const again = await post('/api/owner/setup/options', { setupToken: setup }).expect(401);
    expect(again.body).toEqual({ statusCode: 401, message: SETUP_REFUSED });
    await post('/api/owner/setup/verify', { setupToken: setup, response }).expect(401);

    const next = await post('/api/owner/setup/options', { setupToken: await setupToken() });
    expect(next.body.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses an expired, a replaced and a missing setup link', async () => {
    await start();
    const expired = await new OwnerSetupStore(dir).create(Date.now() - SETUP_LINK_TTL_MS - 1);
    const refused = await post('/api/owner/setup/options', { setupToken: expired.token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(SETUP_REFUSED);

    const replaced = await setupToken();
    await setupToken();
    await post('/api/owner/setup/options', { setupToken: replaced }).expect(401);
    await post('/api/owner/setup/options', {}).expect(401);
  });

  it('answers 400 when the registration does not verify, and keeps the link open', async () => {
    await start();
    const setup = await setupToken();
    const options = await post('/api/owner/setup/options', { setupToken: setup }).expect(200);
    // Made for another site: the origin in the client data is not this one.
    const response = new SoftAuthenticator('https://fremd.example').register(options.body);
    const failed = await post('/api/owner/setup/verify', { setupToken: setup, response });
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual({
      statusCode: 400,
      message: 'Der Passkey konnte nicht registriert werden.',
    });
    await register(setup);
  });

  it('signs in with a discoverable passkey and records its use', async () => {
    await start();
    const { authenticator } = await register();
    const options = await post('/api/owner/login/options').expect(200);
    expect(options.body).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [],
      userVerification: 'required',
    });
    const signed = await post('/api/owner/login/verify', {
      response: authenticator.signIn(options.body),
    }).expect(200);
    expect(signed.body).toEqual({ token: expect.any(String), expiresIn: 900 });
    // No cache keeps a token: nor the applicants' login's answers.
    expect(signed.headers['cache-control']).toBe('no-store');
    expect((await post('/api/auth/login', {})).headers['cache-control']).toBe('no-store');
    const [passkey] = (await asOwner(signed.body.token).get('/api/owner/passkeys').expect(200))
      .body;
    expect(passkey.lastUsedAt).toEqual(expect.any(String));
    const stored = JSON.parse(await readFile(join(dir, 'owner-passkeys.json'), 'utf8'));
    expect(stored.passkeys[0].counter).toBe(1);
  });

  it('refuses a challenge used twice, one it never gave, a wrong signature, no user verification and an unknown passkey', async () => {
    await start();
    const { authenticator } = await register();
    const refusedWith = async (response: object) => {
      const answer = await post('/api/owner/login/verify', { response });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ statusCode: 401, message: SIGN_IN_REFUSED });
    };

    const options = (await post('/api/owner/login/options').expect(200)).body;
    const response = authenticator.signIn(options);
    await post('/api/owner/login/verify', { response }).expect(200);
    await refusedWith(response);
    await refusedWith(authenticator.signIn({ ...options, challenge: 'bmllIGdlZ2ViZW4' }));

    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const fresh = (await post('/api/owner/login/options').expect(200)).body;
    await refusedWith(authenticator.signIn(fresh, { signWith: other }));
    // The refused attempt used the challenge up: the right signature comes too late.
    await refusedWith(authenticator.signIn(fresh));
    // A touch is not enough: the passkey is the only factor, so its PIN or fingerprint counts.
    const touched = (await post('/api/owner/login/options').expect(200)).body;
    await refusedWith(authenticator.signIn(touched, { userVerified: false }));

    const stranger = new SoftAuthenticator(SITE);
    await refusedWith(stranger.signIn((await post('/api/owner/login/options')).body));
    await signIn(authenticator);
  });

  it("keeps the owner's sign-in working through a flood of ceremonies from many addresses", async () => {
    // The rate limit as it ships: five a minute per address.
    await start({ LOGIN_RATE_LIMIT: '5' });
    const { authenticator } = await register();
    const options = (await post('/api/owner/login/options').expect(200)).body;
    // Each from an address of its own, so the rate limit lets every one through. Nothing is
    // kept per ceremony (ceremony-challenges.ts), so their number matters no more; the unit
    // test floods the challenges with 20 000.
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const flood = async (first: number) => {
      for (let i = first; i < 2_500; i += 16) {
        const answer = await fetch(`${base}/api/owner/login/options`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Forwarded-For': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: '{}',
        });
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, first) => flood(first)));
    await post('/api/owner/login/verify', { response: authenticator.signIn(options) }).expect(200);
    // The limit stays: a sixth request for options from one address in a minute is refused.
    for (let i = 0; i < 4; i += 1) await post('/api/owner/login/options').expect(200);
    await post('/api/owner/login/options').expect(429);
  }, 120_000);

  it('ends a token at logout, and refuses one made with JWT_SECRET, however long it claims to last', async () => {
    await start();
    const { ownerToken } = await register();
    const claims = JSON.parse(Buffer.from(ownerToken.split('.')[1], 'base64url').toString());
    const iat = nowSeconds();
    for (const seconds of [365 * 86_400, 600]) {
      const forged = craftToken({ ...claims, iat, exp: iat + seconds }, TEST_JWT_SECRET);
      await asOwner(forged).get('/api/owner/passkeys').expect(401);
    }

    const owner = asOwner(ownerToken);
    await owner.get('/api/owner/passkeys').expect(200);
    await owner.post('/api/owner/logout').expect(204);
    for (const answer of [
      await owner.get('/api/owner/passkeys'),
      await owner.get('/api/owner/accesses'),
      await owner.post('/api/owner/logout'),
    ])
      expect(answer.status).toBe(401);
  });

  it("refuses the applicants' tokens on every owner endpoint, and the owner's on theirs", async () => {
    await start();
    const { ownerToken } = await register();
    const { code } = await new AccessStore(dir).add('Muster AG', 30, []);
    const accessToken = (await post('/api/auth/access', { code }).expect(200)).body.token;
    const sharedToken = await loginToken(testApp);

    for (const token of [sharedToken, accessToken, 'kein-token']) {
      const as = asOwner(token);
      const statuses = [
        (await as.get('/api/owner/passkeys')).status,
        (await as.post('/api/owner/confirmation/options', { change: 'setup-link' })).status,
        (await as.post('/api/owner/passkeys/x/remove')).status,
        (await as.post('/api/owner/setup-links')).status,
        (await as.post('/api/owner/logout')).status,
        (await as.get('/api/owner/accesses')).status,
        (await as.post('/api/owner/accesses', { name: 'Neu AG' })).status,
        (await as.get('/api/owner/accesses/x/log')).status,
        (await as.delete('/api/owner/accesses/x')).status,
      ];
      expect(statuses).toEqual(Array(statuses.length).fill(401));
    }
    const owner = asOwner(ownerToken);
    await owner.get('/api/documents').expect(401);
    await owner.get('/api/download-all').expect(401);
    await owner.get('/api/owner/accesses').expect(200);
    await asOwner(sharedToken).get('/api/documents').expect(200);
  });

  it('makes an access that redeems, shows its use and log, and revokes it at once', async () => {
    await start();
    const owner = asOwner((await register()).ownerToken);
    const made = await owner
      .post('/api/owner/accesses', { name: 'Muster AG', days: 30 })
      .expect(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      name: 'Muster AG',
      link: `${SITE}/protected#zugang=${made.body.code}`,
      code: expect.stringMatching(/^([2-9A-HJ-NP-Z]{4}-){6}[2-9A-HJ-NP-Z]{4}$/),
      expiresAt: expect.any(String),
    });
    const { id, code } = made.body;

    const token = (await post('/api/auth/access', { code }).expect(200)).body.token;
    await asOwner(token).get('/api/documents').expect(200);
    await until(
      async () => (await owner.get(`/api/owner/accesses/${id}/log`)).body.length === 2,
      'two log entries',
    );
    const log = (await owner.get(`/api/owner/accesses/${id}/log`).expect(200)).body as Array<
      AccessLogEntry & { what: string }
    >;
    expect(log.map((entry) => entry.action)).toEqual(['list', 'link']);
    expect(log.map((entry) => entry.what)).toEqual([
      'Dokumentenliste angesehen',
      'Zugangslink geöffnet',
    ]);
    const printed = await command(runAccessCommand, 'log', '--json', '--name', 'Muster AG');
    expect(log).toEqual(JSON.parse(printed));

    await owner.post('/api/owner/accesses', { name: 'Später GmbH' }).expect(201);
    const listed = (await owner.get('/api/owner/accesses').expect(200)).body;
    expect(listed.map((access: { name: string }) => access.name)).toEqual([
      'Später GmbH',
      'Muster AG',
    ]);
    expect(listed[1]).toEqual({
      id,
      name: 'Muster AG',
      createdAt: expect.any(String),
      expiresAt: made.body.expiresAt,
      state: 'active',
      firstUsedAt: expect.any(String),
      lastUsedAt: expect.any(String),
      uses: 1,
      downloads: 0,
      sections: ['Bewerbung', 'BWD IMS', 'GIBB', 'Überbetriebliche Kurse'],
      letters: [],
      stamp: true,
      stampLine: expect.stringMatching(
        /^Muster AG · Bewerbung \/ application · \d\d\.\d\d\.\d{4}$/,
      ),
      unstamped: [],
    });
    expect(Date.parse(listed[0].expiresAt) - Date.parse(listed[0].createdAt)).toBe(90 * 86_400_000);
    expect(await command(runAccessCommand, 'list')).toMatch(
      /Muster AG .* gültig .* 1 +1 +0 +[\w-]{12}$/m,
    );

    await owner.delete(`/api/owner/accesses/${id}`).expect(204);
    await asOwner(token).get('/api/documents').expect(401);
    await post('/api/auth/access', { code }).expect(401);
    const [stored] = await new AccessStore(dir).readAccesses();
    expect(accessState(stored)).toBe('revoked');
    expect(await command(runAccessCommand, 'list')).toMatch(/Muster AG .* widerrufen/);
    expect((await owner.get('/api/owner/accesses')).body[1].state).toBe('revoked');

    await owner.delete('/api/owner/accesses/unbekannt').expect(404);
    await owner.get('/api/owner/accesses/unbekannt/log').expect(404);
  });

  it("refuses a name or a number of days with the store's message", async () => {
    await start();
    const owner = asOwner((await register()).ownerToken);
    const refused = async (body: object, message: string) => {
      const answer = await owner.post('/api/owner/accesses', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ statusCode: 400, message });
    };
    await refused({ name: '  ' }, 'Der Name fehlt, z. B. NAME="Muster AG".');
    await refused({ name: 'Muster AG', days: 0 }, 'DAYS muss eine ganze Zahl von 1 bis 3650 sein.');
    await refused(
      { name: 'Muster AG', days: 1.5 },
      'DAYS muss eine ganze Zahl von 1 bis 3650 sein.',
    );
    await owner.post('/api/owner/accesses', { name: 'Muster AG', days: 3650 }).expect(201);
    await owner.post('/api/owner/accesses', { name: 'Muster AG', days: '30' }).expect(400);
  });

  it('refuses names with bidi overrides, zero-width, blank-looking or line-breaking characters, on the page and the command line', async () => {
    await start();
    const owner = asOwner((await register()).ownerToken);
    const HIDDEN =
      'Der Name enthält Steuer- oder unsichtbare Zeichen (z. B. Zeilenumbruch, Richtungswechsel).';
    for (const name of [
      'Muster \u202eGA',
      'Muster\u200bAG',
      'Muster\ufeffAG',
      'Muster\u2028AG',
      'Muster\u0085AG',
      'Muster\tAG',
      'Muster\u034fAG',
      'Muster\u3164AG',
      '\u3164',
      'Muster\u115fAG',
      'Muster\u1160AG',
      'Muster\uffa0AG',
      'Muster\u2800AG',
      'Muster\ue000AG',
      'Muster\u0378AG',
      'Muster\ud800AG',
    ]) {
      const answer = await owner.post('/api/owner/accesses', { name });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ statusCode: 400, message: HIDDEN });
      await expect(command(runAccessCommand, 'add', name)).rejects.toThrow(HIDDEN);
    }
    expect(await new AccessStore(dir).readAccesses()).toEqual([]);
    await owner.post('/api/owner/accesses', { name: 'Müller & Söhne – Zürich' }).expect(201);
    // A no-break space is a space to the reader: stored as one.
    const spaced = await owner.post('/api/owner/accesses', { name: '\u00a0Messe\u00a0AG\u00a0' });
    expect(spaced.body.name).toBe('Messe AG');
  });

  it('answers 409 when the site address cannot have passkeys', async () => {
    for (const site of [
      'http://192.168.1.20:8080',
      'http://bewerbung.example.ch',
      'https://[::1]',
    ]) {
      await start({ SITE_URL: site });
      const setup = await setupToken();
      const answers = [
        await post('/api/owner/setup/options', { setupToken: setup }),
        await post('/api/owner/login/options'),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(409);
        expect(answer.body.message).toMatch(/^Passkeys brauchen HTTPS oder localhost: /);
      }
      await testApp.close();
    }
    await start({ SITE_URL: 'https://bewerbung.example.ch' });
    await post('/api/owner/login/options').expect(200);
  });

  it('refuses to start on a damaged owner-passkeys.json or owner-setup.json, naming it', async () => {
    const passkeys = join(dir, 'owner-passkeys.json');
    const damaged = '{"version":1,"passkeys":[{"id":"abc","publicKey":';
    await writeFile(passkeys, damaged);
    await expect(start()).rejects.toThrow(new RegExp(`Owner passkey store ${passkeys} is damaged`));
    expect(await readFile(passkeys, 'utf8')).toBe(damaged);
    await expect(command(runOwnerCommand, 'passkeys')).rejects.toThrow(/is damaged/);

    await writeFile(passkeys, '{"version":1,"passkeys":[]}');
    await writeFile(join(dir, 'owner-setup.json'), '{"version":1,"pending":"x"}');
    await expect(start()).rejects.toThrow(/Owner setup link store .* is damaged/);
  });
});
