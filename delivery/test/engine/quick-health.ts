// Every start after a suite's first checks health within seconds
// (fixtures/docker-compose.quick-health.yml): the first start and what the
// engine reports about it keep the product's intervals.
import path from 'node:path';
import { describe, it } from 'node:test';
import { engineDir } from './docker-engine';
import type { EngineSession } from './engine-session';

const QUICK_HEALTH = path.join(engineDir, 'fixtures', 'docker-compose.quick-health.yml');

export function quickHealthFromHere(current: () => EngineSession) {
  describe('every later start with a health check within seconds', () => {
    it('takes fixtures/docker-compose.quick-health.yml over the project', () => {
      current().project.addOverlay(QUICK_HEALTH);
    });
  });
}
