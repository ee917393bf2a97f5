// The owner's page over HTTP, as its tests use it: an app on a scratch
// ACCESS_DIR whose mails land as .eml files in a scratch spool, the owner's
// command run as make runs it, passkeys held by a SoftAuthenticator.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { runOwnerCommand } from '../../src/owner/owner.cli';
import { scratchDir } from './scratch';
import { SoftAuthenticator } from './soft-authenticator';
import { TestApp, TestEnv, startTestApp } from './test-app';

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

export async function startOwnerPage(dir: string, env: TestEnv = {}) {
  const spoolDir = join(scratchDir('api-owner-mail-'), 'spool');
  const testApp: TestApp = await startTestApp({
    ACCESS_DIR: dir,
    LETTERS_DIR: lettersOf(dir),
    SITE_URL: SITE,
    MAIL_SPOOL_DIR: spoolDir,
    ...env,
  });

  // As the page sends them: JSON, {} when there is nothing to say.
  const post = (path: string, body: object = {}) => testApp.http().post(path).send(body);
  const as = (token: string) => ({
    authorization: `Bearer ${token}`,
    get: (path: string) => testApp.http().get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}) =>
      testApp.http().post(path).set('Authorization', `Bearer ${token}`).send(body),
    put: (path: string, body: object = {}) =>
      testApp.http().put(path).set('Authorization', `Bearer ${token}`).send(body),
    delete: (path: string) => testApp.http().delete(path).set('Authorization', `Bearer ${token}`),
    /** A PDF as the page sends it: the file as the body, its name in the query. */
    upload: (path: string, bytes: Buffer, name: string, method: 'post' | 'put' = 'post') => {
      const call = method === 'put' ? testApp.http().put(path) : testApp.http().post(path);
      return call
        .query({ name })
        .set('Authorization', `Bearer ${token}`)
        .set('Content-Type', 'application/pdf')
        .send(bytes);
    },
  });

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
  async function register(token?: string, userAgent = IPHONE): Promise<Registered> {
    const setup = token ?? (await setupToken());
    const authenticator = new SoftAuthenticator(SITE);
    const options = await post('/api/owner/setup/options', { setupToken: setup }).expect(200);
    const response = authenticator.register(options.body);
    const verified = await post('/api/owner/setup/verify', { setupToken: setup, response })
      .set('User-Agent', userAgent)
      .expect(201);
    return { authenticator, setup, response, ownerToken: verified.body.token as string };
  }

  async function signIn(authenticator: SoftAuthenticator): Promise<string> {
    const options = await post('/api/owner/login/options').expect(200);
    const signed = await post('/api/owner/login/verify', {
      response: authenticator.signIn(options.body),
    }).expect(200);
    return signed.body.token as string;
  }

  /** The page's one tap: `authenticator` confirms a change for the session of `token`. */
  async function confirm(
    token: string,
    authenticator: SoftAuthenticator,
    change: 'setup-link' | 'remove-passkey',
    passkeyId?: string,
  ) {
    const options = await as(token)
      .post('/api/owner/confirmation/options', { change, passkeyId })
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
