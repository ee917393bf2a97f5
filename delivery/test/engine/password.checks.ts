// `make password` on the owner's Docker-only server: asked twice, the hash
// written into .env by the API image's tool, applied by `make up`; the
// one-time password the owner had given out stops working then, and not
// before. Every make call of the suite runs without Node on PATH.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { until } from '../helpers/until';
import type { EngineSession } from './engine-session';

const PASSWORD = 'Engine Passwort 2026!';

export function passwordChecks(current: () => EngineSession) {
  describe('make password with Docker alone', () => {
    it('writes AUTH_PASSWORD_HASH into .env, and make up makes it the login password', async () => {
      const session = current();
      const oneTime = session.oneTimePassword();
      const envFile = path.join(session.project.dir, '.env');
      const before = readFileSync(envFile, 'utf8');
      const set = session.project.make('password', {}, undefined, `${PASSWORD}\n${PASSWORD}\n`);
      assert.equal(set.status, 0, set.stdout + set.stderr);
      const after = readFileSync(envFile, 'utf8');
      assert.match(after, /^AUTH_PASSWORD_HASH=scrypt:\S+$/m);
      assert.equal(after.replace(/^AUTH_PASSWORD_HASH=.*\n/m, ''), before, 'every other line kept');
      assert.doesNotMatch(set.stdout + set.stderr, new RegExp(PASSWORD));
      session.make('up');
      await session.waitForSite();
      // One login only, once the new API answers: failed ones count against the login limit.
      const healthy = async () => (await session.get('/api/health')).status === 200;
      await until(() => healthy().catch(() => false), 'the API after make up', 120_000);
      session.ownPassword = PASSWORD;
      assert.ok((await session.login()).length > 20);
      const old = await session.post('/api/auth/login', {
        username: 'bewerbung',
        password: oneTime,
      });
      assert.equal(old.status, 401);
    });
  });
}
