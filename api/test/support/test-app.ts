import { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { hashPassword } from '../../src/passwords/password-hash';
import { AppModule } from '../../src/app.module';
import { configureApp, createApp } from '../../src/app.setup';
import { CONFIG_KEYS } from '../../src/config/app-config';
import { scratchDir } from './scratch';

export type TestEnv = Partial<Record<(typeof CONFIG_KEYS)[number], string>>;

export const TEST_USERNAME = 'bewerbung';
export const TEST_PASSWORD = 'Richtig-Geheim-42';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

// Cheap scrypt parameters keep the many test logins fast; production hashes use the defaults.
const testPasswordHash = hashPassword(TEST_PASSWORD, { N: 1024, r: 8, p: 1 });

/** Collects log lines so tests can assert what the operator sees. */
export class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(message: unknown, context?: string) {
    this.lines.push(`LOG [${context}] ${String(message)}`);
  }
  warn(message: unknown, context?: string) {
    this.lines.push(`WARN [${context}] ${String(message)}`);
  }
  error(message: unknown, context?: string) {
    this.lines.push(`ERROR [${context}] ${String(message)}`);
  }
  text(): string {
    return this.lines.join('\n');
  }
}

export interface TestApp {
  app: NestExpressApplication;
  http: () => TestAgent;
  logger: CapturingLogger;
  close: () => Promise<void>;
}

/**
 * Sets every configuration variable (unset ones to empty, so a developer's
 * .env cannot leak in), then starts the real app on 127.0.0.1 at a free port.
 */
export async function applyTestEnv(env: TestEnv = {}): Promise<void> {
  const defaults: TestEnv = {
    // Each app its own folders, unless a test shares one on purpose; a folder the test
    // names itself is not made at all.
    MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR ?? scratchDir('portfolio-outbox-'),
    ZIP_CACHE_DIR: env.ZIP_CACHE_DIR ?? scratchDir('portfolio-zip-cache-'),
    STAMP_CACHE_DIR: env.STAMP_CACHE_DIR ?? scratchDir('portfolio-stamp-cache-'),
    ACCESS_DIR: env.ACCESS_DIR ?? scratchDir('portfolio-access-'),
    LETTERS_DIR: env.LETTERS_DIR ?? scratchDir('portfolio-letters-'),
    AUTH_USERNAME: TEST_USERNAME,
    AUTH_PASSWORD_HASH: await testPasswordHash,
    JWT_SECRET: TEST_JWT_SECRET,
    LOGIN_RATE_LIMIT: '1000',
    MAIL_RATE_LIMIT: '1000',
  };
  for (const key of CONFIG_KEYS) process.env[key] = env[key] ?? defaults[key] ?? '';
}

/** A part of the app replaced, as a fault no request can cause (a killed process). */
export interface Replaced {
  provide: abstract new (...args: never[]) => unknown;
  useValue: unknown;
}

export async function startTestApp(env: TestEnv = {}, replaced: Replaced[] = []): Promise<TestApp> {
  await applyTestEnv(env);
  const logger = new CapturingLogger();
  const app = replaced.length ? await appWith(replaced, logger) : await createApp({ logger });
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer();
  return { app, http: () => request(server), logger, close: () => app.close() };
}

async function appWith(replaced: Replaced[], logger: LoggerService) {
  const builder = Test.createTestingModule({ imports: [AppModule] });
  for (const { provide, useValue } of replaced)
    builder.overrideProvider(provide).useValue(useValue);
  const module = await builder.compile();
  return configureApp(
    module.createNestApplication<NestExpressApplication>({ logger, bodyParser: false }),
  );
}

export async function loginToken(testApp: TestApp): Promise<string> {
  const response = await testApp
    .http()
    .post('/api/auth/login')
    .send({ username: TEST_USERNAME, password: TEST_PASSWORD })
    .expect(200);
  return response.body.token as string;
}
