/**
 * Starts the whole stack natively, the way the web image and compose run it:
 * system nginx with the project's template in front of the built API
 * (`node api/dist/main.js`), plus a local SMTP sink that saves every mail as
 * an .eml file. Used by `make local` (src/local.ts), the browser tests
 * (e2e/) and the benchmark (bench/). Builds nothing: `api/dist/main.js` and
 * `web/dist/index.html` must exist.
 *
 *   const stack = await startStack({ env: { LOGIN_RATE_LIMIT: '1000' } });
 *   // stack.baseUrl = 'http://127.0.0.1:<port>', log in with
 *   // stack.username / stack.password, read mails with readMailbox(stack.mailDir)
 *   await stack.stopSmtp(); // mail waits in the API's outbox; the form still gets 200
 *   await stack.startSmtp();
 *   await stack.stop();
 *
 * Configuration, lowest to highest precedence: nginx/defaults.env and the
 * API's defaults, the repository's .env (only with `useEnvFile`), the
 * environment, `options.env`. Everything listens on 127.0.0.1.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEFAULT_DOCUMENTS_DIR } from '@portfolio/api/config';
import { apiEnvironment } from './api-env';
import { API_NODE_ARGS, API_NODE_ENV } from './api-runtime';
import { mergeEnv, readEnvFile } from './env-file';
import { nginxArgs, nginxBinary, renderNginxConfig, type NginxTlsSettings } from './nginx-config';
import { workerUserArgs } from './nginx-user';
import { apiMain, envFile, webDist, repoRoot } from './paths';
import { freePorts } from './ports';
import { startProcess, stopProcess, waitForHttp, type ManagedProcess } from './processes';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export interface StackOptions {
  /** nginx port on 127.0.0.1; 0 or unset: a free port. */
  webPort?: number;
  /** API port on 127.0.0.1; 0 or unset: a free port. */
  apiPort?: number;
  /**
   * Login password, hashed into AUTH_PASSWORD_HASH. Unset: a random one
   * (returned in `password`). `null`: keep the configured hash, or let the
   * API use its one-time password (made and logged once, then kept in ACCESS_DIR).
   */
  password?: string | null;
  /** Variables for the API (LOGIN_RATE_LIMIT, MAIL_TO, ...) and nginx (NGINX_LOGIN_RATE, ...). */
  env?: Record<string, string>;
  /** Also read the repository's .env (make local). Off by default so tests ignore it. */
  useEnvFile?: boolean;
  /** Start the SMTP sink; default: when no SMTP_HOST is configured. */
  smtpSink?: boolean;
  /** Folder for rendered config and temp files; default: a temp folder stop() removes. */
  runDir?: string;
  /** Where mails land; default: `<runDir>/mail`. */
  mailDir?: string;
  /** The API entry and the web bundle; defaults api/dist/main.js and web/dist (stand-ins in tests). */
  apiEntry?: string;
  webRoot?: string;
  /** Receives every output line of nginx, the API and the sink; with it, nginx writes `<runDir>/access.log`. */
  log?: (line: string) => void;
  /** Told when nginx or the API ends before stop(): which, how, and its last lines. */
  onCrash?: (report: string) => void;
}

export interface Stack {
  /** The site through nginx, e.g. http://127.0.0.1:8080 (no trailing slash). */
  baseUrl: string;
  /** The HTTPS server when TLS_CERT_FILE and TLS_KEY_FILE are set (HTTP then redirects there). */
  httpsUrl: string | undefined;
  /** The API directly, bypassing nginx, e.g. http://127.0.0.1:3000. */
  apiUrl: string;
  /** The API's process id (the benchmark reads its memory). */
  apiPid: number;
  username: string;
  /** The login password; undefined when a configured hash or the API's one-time password is used. */
  password: string | undefined;
  /** Folder of the saved .eml files; undefined when mail goes to a real SMTP_HOST. */
  mailDir: string | undefined;
  documentsDir: string;
  /** The API's ACCESS_DIR: where `access.cli.ts` adds, lists and revokes access links. */
  accessDir: string;
  /** The API's LETTERS_DIR, where a company's own PDFs lie and nginx sends them from. */
  lettersDir: string;
  /** Stops the SMTP sink (mail sending fails until startSmtp()). */
  stopSmtp(): Promise<void>;
  /** Starts the SMTP sink again on the same port. */
  startSmtp(): Promise<void>;
  /** Stops everything this call started and removes its temp folder. */
  stop(): Promise<void>;
}

function requireBuilds(apiEntry: string, webRoot: string): void {
  const missing = [
    [apiEntry, 'npm run build -w api'],
    [path.join(webRoot, 'index.html'), 'npm run build -w web'],
  ].filter(([file]) => !existsSync(file));
  if (missing.length > 0) {
    const lines = missing.map(
      ([file, command]) => `  ${path.relative(repoRoot, file)}: run \`${command}\``,
    );
    throw new Error(`The stack needs the builds first:\n${lines.join('\n')}`);
  }
}

/**
 * HTTPS like the web image when TLS_CERT_FILE and TLS_KEY_FILE are set
 * (relative paths from the repository root), on 127.0.0.1:HTTPS_PORT (8443).
 */
function tlsSettings(config: Record<string, string>): NginxTlsSettings | undefined {
  const { TLS_CERT_FILE: cert, TLS_KEY_FILE: key } = config;
  if (!cert || !key) return undefined;
  const port = Number(config.HTTPS_PORT || 8443);
  return {
    certFile: path.resolve(repoRoot, cert),
    keyFile: path.resolve(repoRoot, key),
    listen: `127.0.0.1:${port}`,
    publicPort: port,
  };
}

async function prepareRunDir(
  runDir: string | undefined,
): Promise<{ dir: string; temporary: boolean }> {
  const dir = runDir ?? (await mkdtemp(path.join(os.tmpdir(), 'portfolio-stack-')));
  await mkdir(dir, { recursive: true });
  // A root-started nginx reads its files as an unprivileged worker user.
  await chmod(dir, 0o755);
  return { dir, temporary: runDir === undefined };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const apiEntry = options.apiEntry ?? apiMain;
  const webRoot = options.webRoot ?? webDist;
  requireBuilds(apiEntry, webRoot);
  const workerArgs = workerUserArgs([webRoot]);
  const log = options.log ?? (() => undefined);
  const config = mergeEnv(
    options.useEnvFile ? readEnvFile(envFile) : {},
    process.env,
    options.env ?? {},
  );
  const run = await prepareRunDir(options.runDir);
  const started: ManagedProcess[] = [];
  let sink: SmtpSink | undefined;
  const killOnExit = () => started.forEach((p) => p.child.kill('SIGKILL'));
  process.once('exit', killOnExit);

  let stopping = false;
  const watch = (name: string, managed: ManagedProcess) => {
    started.push(managed);
    void managed.exited.then(() => {
      if (stopping || !options.onCrash) return;
      const { exitCode, signalCode } = managed.child;
      const how = signalCode ? `signal ${signalCode}` : `exit code ${exitCode}`;
      options.onCrash(`${name} ended (${how}); its last lines:\n${managed.recentOutput()}`);
    });
  };

  const stop = async () => {
    stopping = true;
    process.off('exit', killOnExit);
    for (const managed of started.reverse()) await stopProcess(managed);
    await sink?.stop();
    if (run.temporary) await rm(run.dir, { recursive: true, force: true });
  };

  try {
    const useSink = options.smtpSink ?? !config.SMTP_HOST;
    const mailDir = options.mailDir ?? path.join(run.dir, 'mail');
    if (useSink) sink = await startSmtpSink(mailDir, 0, log);
    const [freeApi, freeWeb] = await freePorts(2);
    const apiPort = options.apiPort || freeApi;
    const webPort = options.webPort || freeWeb;
    const password =
      options.password === null
        ? undefined
        : (options.password ?? randomBytes(12).toString('base64url'));

    // Folders the API writes and nginx sends from: make local's own, or the run's.
    const sharedDir = (name: 'ZIP_CACHE_DIR' | 'STAMP_CACHE_DIR' | 'LETTERS_DIR', folder: string) =>
      path.resolve(
        repoRoot,
        config[name] || (options.useEnvFile ? `.local/${folder}` : path.join(run.dir, folder)),
      );
    const zipCacheDir = sharedDir('ZIP_CACHE_DIR', 'zip-cache');
    const stampCacheDir = sharedDir('STAMP_CACHE_DIR', 'stamp-cache');
    const lettersDir = sharedDir('LETTERS_DIR', 'letters');
    const apiEnv = await apiEnvironment({
      config,
      apiPort,
      webPort,
      password,
      smtp: sink ? { host: '127.0.0.1', port: sink.port } : undefined,
      spoolDir: mailDir,
      // make local keeps its outbox in .local/ across restarts; tests get their own.
      outboxDir: options.useEnvFile ? undefined : path.join(run.dir, 'mail-outbox'),
      accessDir: options.useEnvFile ? undefined : path.join(run.dir, 'access'),
      zipCacheDir,
      stampCacheDir,
      lettersDir,
    });
    const documentsDir = path.resolve(repoRoot, apiEnv.DOCUMENTS_DIR || DEFAULT_DOCUMENTS_DIR);
    const api = startProcess(
      'api',
      process.execPath,
      [...API_NODE_ARGS, apiEntry],
      { cwd: repoRoot, env: { ...process.env, ...API_NODE_ENV, ...apiEnv } },
      log,
    );
    watch('The API', api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitForHttp(`${apiUrl}/api/health`, api, 'The API');

    const tls = tlsSettings(config);
    const confFile = await renderNginxConfig({
      runDir: path.join(run.dir, 'nginx'),
      webRoot,
      apiUpstream: `127.0.0.1:${apiPort}`,
      listen: `127.0.0.1:${webPort}`,
      accessLog: options.log ? path.join(run.dir, 'access.log') : 'off',
      limits: config,
      trustedProxies: config.TRUSTED_PROXIES,
      documentsRoot: documentsDir,
      zipCacheRoot: zipCacheDir,
      stampCacheRoot: stampCacheDir,
      lettersRoot: lettersDir,
      tls,
    });
    const args = [...nginxArgs(confFile), ...workerArgs];
    const nginx = startProcess('nginx', nginxBinary(), args, {}, log);
    watch('nginx', nginx);
    const baseUrl = `http://127.0.0.1:${webPort}`;
    await waitForHttp(`${baseUrl}/nginx-health`, nginx, 'nginx');

    const smtpConfigured = Boolean(config.SMTP_HOST) && !sink;
    return {
      baseUrl,
      httpsUrl: tls && `https://127.0.0.1:${tls.publicPort}`,
      apiUrl,
      apiPid: api.child.pid ?? 0,
      username: apiEnv.AUTH_USERNAME || 'bewerbung',
      password,
      mailDir: smtpConfigured ? undefined : mailDir,
      documentsDir,
      accessDir: path.resolve(repoRoot, apiEnv.ACCESS_DIR || path.join('.local', 'access')),
      lettersDir,
      stopSmtp: async () => sink?.stop(),
      startSmtp: async () => sink?.start(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
