// One run of the engine suite: the engine, the base images, the owner's
// checkout and the ports it publishes on 127.0.0.1, plus the few calls every
// group of checks makes (the site's API, Mailpit's REST API, the logs).
import { freePorts } from '@portfolio/stack';
import { request, type RawResponse } from '../helpers/http-client';
import { until } from '../helpers/until';
import { ComposeProject, findCompose, type ComposeProjectOptions } from './compose-project';
import { EngineEvents } from './engine-events';
import path from 'node:path';
import { after, before } from 'node:test';
import { ensureBaseImages, pinnedImages, publishBaseImages, type BaseImage } from './stand-ins';
import { startRegistry } from './local-registry';
import { run, succeeded } from './command-run';
import { dockerCli, startEngine, type Engine, engineDir } from './docker-engine';

export interface MailpitMessage {
  ID: string;
  Subject: string;
  Snippet: string;
  ReplyTo: Array<{ Address: string }>;
}

export class EngineSession {
  private lastOneTimePassword?: string;

  private constructor(
    readonly engine: Engine,
    readonly baseImages: BaseImage[],
    readonly project: ComposeProject,
    /** Starts and health changes of the project's containers, from the engine. */
    readonly events: EngineEvents,
    readonly webUrl: string,
    readonly mailpitUrl: string,
    /** The local registry (host:port) of an arm64 session, where a Pi's images would come from. */
    readonly registry?: string,
  ) {}

  static async start(
    log: (line: string) => void,
    options: { filesAsWritten?: boolean } = {},
  ): Promise<EngineSession> {
    const engine = await startEngine();
    try {
      return await EngineSession.open(engine, ensureBaseImages(engine, log), log, options);
    } catch (error) {
      await engine.stop();
      throw error;
    }
  }

  /**
   * The site for a Raspberry Pi: the stand-ins of both architectures in a
   * local registry that an engine of its own uses as its Docker Hub mirror,
   * both images built for linux/arm64 and the stack run as arm64 under
   * qemu-user-static, with the limits emulation needs (fixtures/docker-compose.emulated.yml).
   */
  static async startArm64(log: (line: string) => void): Promise<EngineSession> {
    const registry = await startRegistry();
    const engine = await startEngine({ name: 'engine-arm64', mirror: registry.address });
    const stop = engine.stop;
    engine.stop = async () => {
      await stop();
      await registry.stop();
    };
    try {
      const baseImages = engine.own
        ? publishBaseImages(engine, registry.address, {
            tags: pinnedImages('site'),
            arches: ['amd64', 'arm64'],
            log,
          })
        : [];
      return await EngineSession.open(engine, baseImages, log, {
        overlay: path.join(engineDir, 'fixtures', 'docker-compose.emulated.yml'),
        env: { DOCKER_DEFAULT_PLATFORM: 'linux/arm64', ENGINE_HEALTH_INTERVAL: '5s' },
        registry: registry.address,
      });
    } catch (error) {
      await engine.stop();
      throw error;
    }
  }

  /**
   * A session on an engine started elsewhere, such as a whole arm64 system
   * (bench/src/pi-guest/); without `ports`, free ones on 127.0.0.1.
   */
  static async open(
    engine: Engine,
    baseImages: BaseImage[],
    log: (line: string) => void,
    options: ComposeProjectOptions & {
      env?: Record<string, string>;
      registry?: string;
      ports?: { web: number; mailpit: number };
    },
  ): Promise<EngineSession> {
    const tool = findCompose(engine);
    const [web, mailpit] = options.ports ? [] : await freePorts(2);
    const ports = options.ports ?? { web, mailpit };
    // Published on loopback only: WEB_PORT may name the address too.
    const project = new ComposeProject(
      engine,
      tool,
      {
        WEB_PORT: `127.0.0.1:${ports.web}`,
        MAILPIT_UI_PORT: String(ports.mailpit),
        ...options.env,
      },
      options,
    );
    log(
      `engine: Docker Engine ${engine.serverVersion}, Compose ${tool.version}${tool.translated ? ' (files translated for Compose 1, see docs/engine-tests.md)' : ''}`,
    );
    for (const image of baseImages) log(`engine: ${image.tag}: ${image.source}`);
    return new EngineSession(
      engine,
      baseImages,
      project,
      new EngineEvents(engine, project.name),
      `http://127.0.0.1:${ports.web}`,
      `http://127.0.0.1:${ports.mailpit}`,
      options.registry,
    );
  }

  async stop() {
    this.events.stop();
    this.project.destroy();
    await this.engine.stop();
  }

  /** `make TARGET`, failing with its output when it fails. */
  make(target: string, vars: Record<string, string> = {}): string {
    const { stdout, stderr } = succeeded(this.project.make(target, vars), `make ${target}`);
    return stdout + stderr;
  }

  logs(service: string): string {
    const id = this.project.containerId(service);
    if (!id) throw new Error(`${service} has no container`);
    const result = run(dockerCli, ['logs', id], { env: this.engine.env });
    return result.stdout + result.stderr;
  }

  post(path: string, body: object, token?: string): Promise<RawResponse> {
    return request(`${this.webUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  get(path: string, token?: string): Promise<RawResponse> {
    return request(`${this.webUrl}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  /**
   * The current one-time password: the newest one in the API's log, else the
   * last one seen. The API keeps it on its volume and prints it only on the
   * start that makes it, so a new container's log (after make down and make
   * up) names it no more.
   */
  oneTimePassword(): string {
    const all = [
      ...this.logs('api').matchAll(/One-time password for user "bewerbung"[^:]*: (\S+)/g),
    ];
    this.lastOneTimePassword = all.at(-1)?.[1] ?? this.lastOneTimePassword;
    if (!this.lastOneTimePassword)
      throw new Error('no one-time password in `docker compose logs api`');
    return this.lastOneTimePassword;
  }

  /** The password the owner set with make password, from then on the one to log in with. */
  ownPassword?: string;

  async login(): Promise<string> {
    const response = await this.post('/api/auth/login', {
      username: 'bewerbung',
      password: this.ownPassword ?? this.oneTimePassword(),
    });
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    return (JSON.parse(response.body.toString()) as { token: string }).token;
  }

  async mailpitMessages(): Promise<MailpitMessage[]> {
    const response = await request(`${this.mailpitUrl}/api/v1/messages`);
    return (JSON.parse(response.body.toString()) as { messages: MailpitMessage[] }).messages;
  }

  /** Messages whose text holds `marker`, once at least `count` arrived. */
  waitForMessages(marker: string, count = 1, timeoutMs = 60_000): Promise<MailpitMessage[]> {
    return until(
      async () => {
        const found = (await this.mailpitMessages().catch(() => [])).filter((message) =>
          message.Snippet.includes(marker),
        );
        return found.length >= count && found;
      },
      `${count} message(s) with "${marker}" in Mailpit`,
      timeoutMs,
    );
  }

  /** A contact message sent while Mailpit is stopped: it waits in the outbox. */
  async queueWhileMailpitStopped(marker: string) {
    this.project.mustCompose(['stop', 'mailpit']);
    const sent = await this.post('/api/mail', {
      name: 'Engine Test',
      email: 'hr@example.ch',
      message: marker,
    });
    if (sent.status !== 200) throw new Error(`the form answered ${sent.status}`);
    const health = JSON.parse((await this.get('/api/health')).body.toString()) as {
      mail: { queued: number };
    };
    if (health.mail.queued < 1) throw new Error('no message waits in the outbox');
  }

  /** Waits until nginx answers `/` again (after a start or restart). */
  waitForSite(timeoutMs = 120_000): Promise<true> {
    return until(
      async () =>
        (await this.get('/').then(
          (r) => r.status,
          () => 0,
        )) === 200,
      'the site to answer on /',
      timeoutMs,
    );
  }
}

/**
 * Starts a session before the tests of the enclosing describe block and
 * stops it after them; the function it returns gives each group of checks
 * the session. `ready` names what is ready once it started, for the output.
 */
export function sessionFor(
  start: () => Promise<EngineSession>,
  ready: string,
): () => EngineSession {
  let session: EngineSession | undefined;
  before(async () => {
    const started = Date.now();
    session = await start();
    console.log(`${ready} after ${Math.round((Date.now() - started) / 1000)} s`);
  });
  after(async () => {
    await session?.stop();
  });
  return () => {
    if (!session) throw new Error('the engine session did not start');
    return session;
  };
}
