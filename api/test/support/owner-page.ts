// The owner's page over HTTP, as its tests use it: an app on a scratch
// ACCESS_DIR whose mails land as .eml files in a scratch spool, the owner's
// command run as make runs it, passkeys held by a SoftAuthenticator.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Test } from 'supertest';
import {
  CONFIRMATION_HEADER,
  createTarget,
  letterTarget,
  sectionsTarget,
  stampOffTarget,
  type AccessChange,
} from '../../src/owner/change-targets';
import { runOwnerCommand } from '../../src/owner/owner.cli';
import { scratchDir } from './scratch';
import { SoftAuthenticator } from './soft-authenticator';
import { Replaced, TestApp, TestEnv, startTestApp } from './test-app';

export const SITE = 'http://localhost:5173';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A registered passkey: its authenticator and the token its registration signed in. */
export interface Registered {
  authenticator: SoftAuthenticator;
  setup: string;
  response: object;
  ownerToken: string;
}

/** The companies' own PDFs of the access store in `dir`, in a folder of its own inside. */
export const lettersOf = (dir: string) => join(dir, 'letters');

/** Runs an owner's command on `dir` the way make does, and returns what it printed. */
export async function ownerCommand(
  dir: string,
  run: typeof runOwnerCommand,
  ...args: string[]
): Promise<string> {
  const lines: string[] = [];
  const env = { ACCESS_DIR: dir, LETTERS_DIR: lettersOf(dir), SITE_URL: SITE };
  await run(args, env, (text) => lines.push(text));
  return lines.join('\n');
}

/**
 * A request made once its confirmation is there, used as supertest's own: headers set,
 * awaited, or with .expect(status). `make` answers boxed: a Test is itself a thenable, which
 * a promise would send at once.
 */
function later(make: () => Promise<{ test: Test }>) {
  const headers: Array<[string, string]> = [];
  const boxed = () =>
    make().then(({ test }) => {
      for (const [field, value] of headers) test.set(field, value);
      return { test };
    });
  const request = {
    set: (field: string, value: string) => {
      headers.push([field, value]);
      return request;
    },
    expect: (status: number) => boxed().then(({ test }) => test.expect(status)),
    then: <T>(onDone: (response: Awaited<Test>) => T, onFailed?: (error: unknown) => T) =>
      boxed()
        .then(({ test }) => test)
        .then(onDone, onFailed),
  };
  return request;
}

export async function startOwnerPage(dir: string, env: TestEnv = {}, replaced: Replaced[] = []) {
  const spoolDir = join(scratchDir('api-owner-mail-'), 'spool');
  const testApp: TestApp = await startTestApp(
    {
      ACCESS_DIR: dir,
      LETTERS_DIR: lettersOf(dir),
      SITE_URL: SITE,
      MAIL_SPOOL_DIR: spoolDir,
      ...env,
    },
    replaced,
  );

  // As the page sends them: JSON, {} when there is nothing to say.
  const post = (path: string, body: object = {}) => testApp.http().post(path).send(body);
  /** The passkey that signed each token in: the page's tap for a change it confirms. */
  const signers = new Map<string, SoftAuthenticator>();

  /**
   * The owner's calls with `token`, as the page makes them: a change that shows a company
   * more (change-targets.ts) carries the tap of the passkey that signed the token in, unless
   * `tap` is false (what a copied token alone would send).
   */
  const as = (token: string, tap = true) => {
    const http = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
      testApp.http()[method](path).set('Authorization', `Bearer ${token}`);
    const signer = tap ? signers.get(token) : undefined;
    // A token the API no longer takes gets no tap: the call itself then says so (401).
    const tapFor = async (change: AccessChange, target: string) =>
      signer ? await confirm(token, signer, change, target).catch(() => undefined) : undefined;
    const send = (method: 'post' | 'put', path: string, body: object) =>
      later(async () => {
        const [, id, what] = /^\/api\/owner\/accesses\/([^/]+)\/(sections|stamp)$/.exec(path) ?? [];
        const { name, days, sections, letter, on } = body as Record<string, unknown>;
        const confirmation =
          method === 'post' && path === '/api/owner/accesses'
            ? await tapFor('create-access', createTarget(name, days, sections, letter as never))
            : what === 'sections'
              ? await tapFor('widen-sections', sectionsTarget(id, sections))
              : what === 'stamp' && on === false
                ? await tapFor('stamp-off', stampOffTarget(id))
                : undefined;
        return { test: http(method, path).send(confirmation ? { ...body, confirmation } : body) };
      });
    return {
      authorization: `Bearer ${token}`,
      get: (path: string) => http('get', path),
      post: (path: string, body: object = {}) => send('post', path, body),
      put: (path: string, body: object = {}) => send('put', path, body),
      delete: (path: string) => http('delete', path),
      /** A PDF as the page sends it: the file as the body, its name in the query. */
      upload: (path: string, bytes: Buffer, name: string, method: 'post' | 'put' = 'post') =>
        later(async () => {
          const [, id, replacing] = /\/accesses\/([^/]+)\/letters(?:\/([^/?]+))?/.exec(path) ?? [];
          const spec = { name, size: bytes.length };
          const change = method === 'put' ? 'replace-letter' : 'add-letter';
          const confirmation = await tapFor(change, letterTarget(id, spec, replacing));
          const call = http(method, path).query({ name }).set('Content-Type', 'application/pdf');
          if (confirmation)
            call.set(
              CONFIRMATION_HEADER,
              Buffer.from(JSON.stringify(confirmation)).toString('base64url'),
            );
          return { test: call.send(bytes) };
        }),
    };
  };

  const command = (run: typeof runOwnerCommand, ...args: string[]) =>
    ownerCommand(dir, run, ...args);

  /** make owner-setup: the token of the link it prints. */
  async function setupToken(): Promise<string> {
    const printed = await command(runOwnerCommand, 'setup-link');
    const url = new RegExp(`${SITE}/verwaltung#einrichten=([\\w-]+)`).exec(printed);
    if (!url) throw new Error(`no setup link in:\n${printed}`);
    return url[1];
  }

  /** A passkey registered with a setup link (a fresh one by default) from a browser. */
  async function register(
    token?: string,
    userAgent = IPHONE,
    authenticator = new SoftAuthenticator(SITE),
  ): Promise<Registered> {
    const setup = token ?? (await setupToken());
    const options = await post('/api/owner/setup/options', { setupToken: setup }).expect(200);
    const response = authenticator.register(options.body);
    const verified = await post('/api/owner/setup/verify', { setupToken: setup, response })
      .set('User-Agent', userAgent)
      .expect(201);
    const ownerToken = verified.body.token as string;
    signers.set(ownerToken, authenticator);
    return { authenticator, setup, response, ownerToken };
  }

  async function signIn(authenticator: SoftAuthenticator): Promise<string> {
    const options = await post('/api/owner/login/options').expect(200);
    const signed = await post('/api/owner/login/verify', {
      response: authenticator.signIn(options.body),
    }).expect(200);
    signers.set(signed.body.token, authenticator);
    return signed.body.token as string;
  }

  /** The page's one tap: `authenticator` confirms a change for the session of `token`. */
  async function confirm(
    token: string,
    authenticator: SoftAuthenticator,
    change: 'setup-link' | 'remove-passkey' | AccessChange,
    target?: string,
  ) {
    const body = change.endsWith('passkey') ? { change, passkeyId: target } : { change, target };
    const options = await testApp
      .http()
      .post('/api/owner/confirmation/options')
      .set('Authorization', `Bearer ${token}`)
      .send(body)
      .expect(200);
    return authenticator.signIn(options.body);
  }

  /** Every mail the owner got so far, oldest first. */
  async function mails(): Promise<ParsedMail[]> {
    const files = (await readdir(spoolDir).catch(() => [])).sort();
    return Promise.all(
      files.map(async (file) => simpleParser(await readFile(join(spoolDir, file)))),
    );
  }

  return { testApp, post, as, command, setupToken, register, signIn, confirm, mails };
}

export type OwnerPage = Awaited<ReturnType<typeof startOwnerPage>>;
