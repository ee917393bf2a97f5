// A Raspberry Pi that pulls instead of building: the site's images, as
// built, pushed to a registry (here the session's local one, standing in
// for the owner's), every local copy of them removed, then `make up` with
// PORTFOLIO_IMAGES naming that registry. It must pull both images, build
// nothing, and serve the site with the data it had; `make update` pulls
// again and keeps it; `make access-revoke` ends a link at once. The way
// back to a release before: release.checks.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EngineSession } from './engine-session';
import { printedCode } from './company-pdf';

const SITE_IMAGES = ['web', 'api'];

/**
 * The site's images as the session built them, pushed to its registry the
 * way the hosted workflow publishes them; returns PORTFOLIO_IMAGES for them.
 */
export function pushSiteImages(session: EngineSession): string {
  assert.ok(session.registry, 'the session has a registry');
  const prefix = `${session.registry}/portfolio`;
  for (const image of SITE_IMAGES) {
    session.project.docker(['tag', `portfolio-${image}:latest`, `${prefix}-${image}:latest`]);
    session.project.docker(['push', '--quiet', `${prefix}-${image}:latest`]);
  }
  return prefix;
}

export function pullChecks(current: () => EngineSession) {
  describe('make up with PORTFOLIO_IMAGES pulls the images and builds nothing', () => {
    let session: EngineSession;
    let prefix: string;
    let output: string;

    before(async () => {
      session = current();
      session.make('down');
      prefix = pushSiteImages(session);
      for (const image of SITE_IMAGES)
        session.project.docker(['rmi', `portfolio-${image}:latest`, `${prefix}-${image}:latest`]);
      output = session.make('up', { PORTFOLIO_IMAGES: prefix });
      await session.waitForSite(300_000);
    });

    // The registry's port is new every run: its names would pile up in the engine's cache.
    after(() => {
      session.make('down');
      for (const image of SITE_IMAGES) session.project.docker(['rmi', `${prefix}-${image}:latest`]);
    });

    it('pulled both images from the registry and built nothing', () => {
      for (const image of SITE_IMAGES) {
        const digests = session.project.docker([
          'image',
          'inspect',
          '--format',
          '{{json .RepoDigests}}',
          `${prefix}-${image}:latest`,
        ]);
        assert.match(digests, new RegExp(`${prefix}-${image}@sha256:`));
        assert.equal(
          session.project.inspect<string>(image, '.Config.Image'),
          `${prefix}-${image}:latest`,
        );
      }
      assert.match(output, / pull/);
      assert.doesNotMatch(output, /--build|Building|load build definition/);
    });

    it('serves the site from the pulled images, with the access links it had', async () => {
      assert.equal((await session.get('/')).status, 200);
      assert.match(session.make('access-list'), /Engine AG/);
    });

    it('make update pulls again, builds nothing and keeps the access links', async () => {
      const updated = session.make('update', { PORTFOLIO_IMAGES: prefix });
      assert.match(updated, / pull/);
      assert.doesNotMatch(updated, /--build|Building|load build definition/);
      await session.waitForSite(300_000);
      assert.match(session.make('access-list'), /Engine AG/);
    });

    it('make access-revoke ends a link at once', async () => {
      const added = session.make('access-add', { NAME: 'Widerruf AG' });
      const code = printedCode(added);
      assert.equal((await session.post('/api/auth/access', { code })).status, 200);
      session.make('access-revoke', { NAME: 'Widerruf AG' });
      assert.equal((await session.post('/api/auth/access', { code })).status, 401);
    });
  });
}
