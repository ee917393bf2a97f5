// What the engine itself reports about the running containers: the
// hardening and limits docker-compose.yml asks for, the users the processes
// run as, and the start order by health.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { until } from '../helpers/until';
import type { EngineSession } from './engine-session';

export const SERVICE_LIMITS: Record<string, { memory: number; pids: number }> = {
  web: { memory: 64 * 1024 * 1024, pids: 100 },
  api: { memory: 256 * 1024 * 1024, pids: 100 },
  mailpit: { memory: 128 * 1024 * 1024, pids: 100 },
};

interface HostConfig {
  CapDrop: string[] | null;
  CapAdd: string[] | null;
  ReadonlyRootfs: boolean;
  SecurityOpt: string[] | null;
  Memory: number;
  PidsLimit: number | null;
  LogConfig: { Type: string; Config: Record<string, string> };
}

interface State {
  Health?: { Status: string };
}

/** The user IDs of every process in a service's container. */
function processUids(session: EngineSession, service: string): string[] {
  const id = session.project.containerId(service) as string;
  return session.project
    .docker(['top', id, '-eo', 'pid,uid'])
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/)[1]);
}

/** When the engine recorded `action` of `service` for the first time. */
function firstTime(session: EngineSession, service: string, action: string): number {
  const time = session.events.first(service, action);
  assert.ok(time, `the engine recorded "${action}" for ${service}`);
  return time;
}

export function containerChecks(current: () => EngineSession) {
  describe('what the engine reports about each container', () => {
    let session: EngineSession;
    before(() => {
      session = current();
    });

    for (const [service, limits] of Object.entries(SERVICE_LIMITS))
      it(`${service}: no capabilities, read-only root, no-new-privileges, its limits, capped logs`, () => {
        const host = session.project.inspect<HostConfig>(service, '.HostConfig');
        assert.deepEqual(host.CapDrop, ['ALL']);
        assert.equal(host.CapAdd, null);
        assert.equal(host.ReadonlyRootfs, true);
        assert.deepEqual(host.SecurityOpt, ['no-new-privileges:true']);
        assert.equal(host.Memory, limits.memory);
        assert.equal(host.PidsLimit, limits.pids);
        assert.deepEqual(host.LogConfig, {
          Type: 'json-file',
          Config: { 'max-file': '3', 'max-size': '10m' },
        });
      });

    it('runs nginx as its user (101) and the API as node (1000); Mailpit as root without capabilities', () => {
      assert.deepEqual([...new Set(processUids(session, 'web'))], ['101']);
      assert.deepEqual([...new Set(processUids(session, 'api'))], ['1000']);
      assert.deepEqual([...new Set(processUids(session, 'mailpit'))], ['0']);
    });

    it('starts each service only once the one it depends on is healthy', async () => {
      for (const service of Object.keys(SERVICE_LIMITS))
        await until(
          () => session.project.inspect<State>(service, '.State').Health?.Status === 'healthy',
          `${service} to be healthy`,
          90_000,
        );
      const started = (service: string) => firstTime(session, service, 'start');
      const healthy = (service: string) => firstTime(session, service, 'health_status: healthy');
      assert.ok(started('api') >= healthy('mailpit'), 'api after a healthy mailpit');
      assert.ok(started('web') >= healthy('api'), 'web after a healthy api');
    });
  });
}
