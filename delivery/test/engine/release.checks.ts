// The way back across a real release, as a Raspberry Pi that pulls its
// images (PORTFOLIO_IMAGES) meets it: the site runs the images of the
// previous release (PREVIOUS_RELEASE, built from that commit's own files),
// `make update` of this checkout pulls this release's and takes an archive
// with its tool, `make rollback` brings the previous images back, and this
// checkout's Makefile then drives their older backup tool: `make backup`,
// `make backup-check` and `make restore` of the archive the update took
// (written by the newer tool, read by the older one). In the arm64 suite,
// whose engine pulls base images from the local registry: a build-mode
// update pulls them (`build --pull`), which the amd64 suite's cannot. Move
// PREVIOUS_RELEASE forward when a release changes what the Makefile asks
// of the image.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoRoot } from '@portfolio/stack';
import { scratchDir } from '../helpers/scratch';
import { mustRun } from './command-run';
import { dockerCli } from './docker-engine';
import type { EngineSession } from './engine-session';

/** The release before the backup tool said which protocol it speaks. */
export const PREVIOUS_RELEASE = 'f1664d1582bf912fefca31421e23cfed0d414e69';
const VERSION_LABEL = 'org.opencontainers.image.revision';
const SITE_IMAGES = { api: 'Dockerfile.api', web: 'Dockerfile.web' };

/** The platform the session's images are for, as `docker build --platform` names it. */
const platformOf = (session: EngineSession) =>
  session.project.env.DOCKER_DEFAULT_PLATFORM ??
  `linux/${process.arch === 'arm64' ? 'arm64' : 'amd64'}`;

/** Builds the previous release's images from its own files and pushes them as `prefix`'s. */
function publishPreviousRelease(session: EngineSession, prefix: string): void {
  const tree = scratchDir('portfolio-engine-release-');
  const tar = path.join(tree, '.release.tar');
  mustRun('git', ['archive', '--output', tar, PREVIOUS_RELEASE], { cwd: repoRoot });
  mustRun('tar', ['-C', tree, '-xf', tar]);
  rmSync(tar);
  const env = { ...session.engine.env, DOCKER_BUILDKIT: '1' };
  for (const [image, dockerfile] of Object.entries(SITE_IMAGES)) {
    const name = `${prefix}-${image}:latest`;
    const build = ['build', '--quiet', '--platform', platformOf(session), '--file', dockerfile];
    build.push('--tag', name);
    const version = ['--build-arg', `PORTFOLIO_VERSION=${PREVIOUS_RELEASE}`];
    mustRun(dockerCli, [...build, ...version, '.'], { cwd: tree, env });
    session.project.docker(['push', '--quiet', name]);
  }
}

/** This release's images as the session built them, labelled with its commit and pushed. */
function publishThisRelease(session: EngineSession, prefix: string, commit: string): void {
  const env = { ...session.engine.env, DOCKER_BUILDKIT: '1' };
  for (const image of Object.keys(SITE_IMAGES)) {
    const name = `${prefix}-${image}:latest`;
    const input = `FROM portfolio-${image}:latest\nLABEL ${VERSION_LABEL}=${commit}\n`;
    const build = ['build', '--quiet', '--platform', platformOf(session), '--tag', name, '-'];
    mustRun(dockerCli, build, { env, input });
    session.project.docker(['push', '--quiet', name]);
  }
}

export function releaseChecks(current: () => EngineSession) {
  describe('the way back to the previous release, and its tool under this Makefile', () => {
    let session: EngineSession;
    let vars: Record<string, string>;
    let identity: string;
    let backupDir: string;
    let takenByUpdate: string;
    const thisRelease = mustRun('git', ['rev-parse', 'HEAD'], { cwd: repoRoot }).trim();
    const versionOf = () =>
      session.project.inspect<Record<string, string>>('api', '.Config.Labels')[VERSION_LABEL];
    const archives = () => readdirSync(backupDir).filter((name) => name.endsWith('.tar.gz.age'));

    before(async () => {
      session = current();
      backupDir = path.join(session.project.dir, 'backups');
      assert.ok(session.registry, 'the session has a registry');
      session.make('down');
      vars = { PORTFOLIO_IMAGES: `${session.registry}/portfolio` };
      // A site of its own: local archives only, new keys, no records of earlier runs.
      const envFile = path.join(session.project.dir, '.env');
      const settings = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
      writeFileSync(envFile, settings.replace(/^BACKUP_(REMOTE|RCLONE_CONFIG)=.*\n/gm, ''));
      session.project.retranslate();
      for (const folder of [backupDir, path.join(session.project.dir, '.portfolio-backup.state')])
        rmSync(folder, { recursive: true, force: true });
      identity = path.join(scratchDir('portfolio-engine-release-key-'), 'key.txt');
      session.make('backup-key', { KEY_FILE: identity });
      publishPreviousRelease(session, vars.PORTFOLIO_IMAGES);
      session.make('up', vars);
      await session.waitForSite(300_000);
      session.make('access-add', { ...vars, NAME: 'Vorher AG' });
    });

    after(() => {
      session.make('down', vars);
      const names = Object.keys(SITE_IMAGES).flatMap((image) =>
        ['latest', 'previous'].map((tag) => `${vars.PORTFOLIO_IMAGES}-${image}:${tag}`),
      );
      session.project.docker(['rmi', ...names]);
    });

    it('runs the previous release, built from its own files', () => {
      assert.equal(versionOf(), PREVIOUS_RELEASE);
    });

    it('make update brings this release and takes an archive with its tool', async () => {
      publishThisRelease(session, vars.PORTFOLIO_IMAGES, thisRelease);
      const updated = session.make('update', vars);
      assert.ok(updated.includes(`Läuft: ${PREVIOUS_RELEASE}. Wird laufen: `), updated);
      assert.match(
        updated,
        new RegExp(`^Gestartet: ${thisRelease}\\. Zurück: make rollback\\.$`, 'm'),
      );
      await session.waitForSite(300_000);
      assert.equal(versionOf(), thisRelease);
      [takenByUpdate] = archives();
      assert.ok(takenByUpdate, updated);
      session.make('access-add', { ...vars, NAME: 'Nach dem Update AG' });
    });

    it('make rollback runs the previous images and names that archive', async () => {
      const back = session.make('rollback', vars);
      assert.match(back, new RegExp(`make restore FILE=backups/${takenByUpdate}$`, 'm'));
      await session.waitForSite(300_000);
      assert.equal(versionOf(), PREVIOUS_RELEASE);
    });

    it("make backup and make backup-check work with the previous release's tool", () => {
      const night = session.make('backup', vars);
      assert.match(
        night,
        /^Sicherung \/backups\/portfolio-backup-\S+ \(.*verschlüsselt, geprüft\)/m,
      );
      assert.equal(archives().length, 2);
      const drill = session.make('backup-check', { ...vars, AGE_IDENTITY: identity });
      assert.match(drill, /^Neuestes Archiv in Ordnung: /m);
    });

    it("make restore brings back the archive make update took, with the previous release's tool", async () => {
      session.make('down', vars);
      const restored = session.make('restore', {
        ...vars,
        FILE: `backups/${takenByUpdate}`,
        AGE_IDENTITY: identity,
      });
      assert.match(restored, /Archiv in Ordnung/);
      await session.waitForSite(300_000);
      assert.equal(versionOf(), PREVIOUS_RELEASE);
      const list = session.make('access-list', vars);
      assert.match(list, /Vorher AG/);
      assert.doesNotMatch(list, /Nach dem Update AG/);
    });
  });
}
