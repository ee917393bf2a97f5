// The container delivery, checked by parsing (no Docker engine needed): the
// compose files, both Dockerfiles, .env.example and .dockerignore.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import dockerignore from '@balena/dockerignore';
import ignore from 'ignore';
import { parse } from 'yaml';
import { CONFIG_KEYS, DEFAULT_DOCUMENTS_DIR } from '@portfolio/api/config';
import { nginxDefaultsFile, readEnvFile, repoRoot } from '@portfolio/stack';
import { argsOf, readStages, type Stage } from './helpers/dockerfile-stages';

interface Service {
  image?: string;
  build?: { dockerfile: string; target?: string };
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  env_file?: Array<{ path: string; required: boolean }>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  networks?: string[];
  profiles?: string[];
  read_only?: boolean;
  logging?: { driver: string; options: Record<string, string> };
  cap_drop?: string[];
  cap_add?: string[];
  security_opt?: string[];
  mem_limit?: string;
  pids_limit?: number;
  user?: string;
}

const read = (name: string) => readFileSync(path.join(repoRoot, name), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  networks: Record<string, { enable_ipv6?: boolean; ipam?: { config: Array<{ subnet: string }> } }>;
  volumes: Record<string, unknown>;
};
const tlsOverride = parse(read('docker-compose.tls.yml'), { merge: true }) as {
  services: Record<string, Service>;
};
const { web, api, mailpit, test } = compose.services;
const apiStages = readStages(path.join(repoRoot, 'Dockerfile.api'));
const webStages = readStages(path.join(repoRoot, 'Dockerfile.web'));
const last = (stages: Stage[]) => stages[stages.length - 1];
/** Every service as `make up` runs it with HTTPS on: the overlay's keys over the base's. */
const merged: Record<string, Service> = { ...compose.services };
for (const [name, service] of Object.entries(tlsOverride.services))
  merged[name] = { ...merged[name], ...service };

describe('docker-compose.yml', () => {
  it('runs web, api and mailpit, with the tests behind a profile', () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ['api', 'mailpit', 'test', 'web']);
    assert.deepEqual(test.profiles, ['test']);
    assert.equal(test.build?.target, 'test');
  });

  it('publishes only web (port WEB_PORT, default 8080) and the Mailpit UI on 127.0.0.1', () => {
    assert.deepEqual(web.ports, ['${WEB_PORT:-8080}:8080']);
    assert.equal(api.ports, undefined);
    assert.deepEqual(mailpit.ports, ['127.0.0.1:${MAILPIT_UI_PORT:-8025}:8025']);
  });

  it('starts in order of health and restarts unless stopped', () => {
    assert.deepEqual(web.depends_on, { api: { condition: 'service_healthy' } });
    assert.deepEqual(api.depends_on, { mailpit: { condition: 'service_healthy' } });
    assert.deepEqual(mailpit.healthcheck?.test, ['CMD', '/mailpit', 'readyz']);
    for (const service of [web, api, mailpit]) assert.equal(service.restart, 'unless-stopped');
    for (const stages of [apiStages, webStages])
      assert.equal(argsOf(last(stages), 'HEALTHCHECK').length, 1);
  });

  it('keeps the services on a private network with read-only file systems', () => {
    assert.ok('portfolio' in compose.networks);
    for (const service of [web, api, mailpit]) assert.deepEqual(service.networks, ['portfolio']);
    assert.equal(web.read_only, true);
    assert.equal(api.read_only, true);
  });

  it('configures the API from an optional .env, mounts documents read-only, keeps the mail outbox, the access links and the own PDFs in volumes, sends mail to Mailpit', () => {
    assert.deepEqual(api.env_file, [{ path: '.env', required: false }]);
    assert.deepEqual(api.volumes, [
      '${DOCUMENTS_DIR:-./documents/samples}:/app/documents:ro',
      'mail-outbox:/app/mail-outbox',
      'zip-cache:/app/zip-cache',
      'stamp-cache:/app/stamp-cache',
      'access-data:/app/access',
      'letters:/app/letters',
    ]);
    assert.ok('access-data' in compose.volumes);
    assert.ok('letters' in compose.volumes);
    assert.equal(api.environment?.ACCESS_DIR, '/app/access');
    assert.equal(api.environment?.LETTERS_DIR, '/app/letters');
    // nginx reads the own PDFs, never the access store with its code hashes and passkeys.
    assert.deepEqual(web.volumes, [
      '${DOCUMENTS_DIR:-./documents/samples}:/srv/documents:ro',
      'zip-cache:/srv/zip-cache:ro',
      'stamp-cache:/srv/stamp-cache:ro',
      'letters:/srv/letters:ro',
    ]);
    assert.equal(api.environment?.MAIL_OUTBOX_DIR, '/app/mail-outbox');
    assert.equal(api.environment?.DOCUMENTS_DIR, '/app/documents');
    assert.equal(api.environment?.API_HOST, '0.0.0.0');
    assert.equal(api.environment?.SMTP_HOST, '${SMTP_HOST:-mailpit}');
    assert.equal(web.environment?.API_UPSTREAM, `api:${api.environment?.API_PORT}`);
  });

  it('backs up every volume of the API the site cannot rebuild, where the backup and restore services mount it and BACKUP_STORES names it', () => {
    const backup = parse(read('docker-compose.backup.yml'), { merge: true }) as {
      services: Record<string, Service>;
    };
    const stores = /^BACKUP_STORES := ((?:.*\\\n)*.*)$/m
      .exec(read('Makefile'))?.[1]
      .replace(/\\\n\s*/g, ' ');
    // Named volumes; the caches (documents.zip, stamped PDFs) are rebuilt from the documents.
    const kept = (api.volumes ?? []).filter(
      (volume) => /^[a-z-]+:\/app\//.test(volume) && !/^(zip|stamp)-cache:/.test(volume),
    );
    assert.deepEqual(kept, [
      'mail-outbox:/app/mail-outbox',
      'access-data:/app/access',
      'letters:/app/letters',
    ]);
    for (const volume of kept) {
      const target = volume.split(':')[1];
      assert.match(String(stores), new RegExp(`--store [a-z]+=${target}( |$)`), target);
      for (const name of ['backup', 'backup-tls', 'restore', 'restore-tls'])
        assert.ok(backup.services[name].volumes?.includes(volume), `${name}: ${volume}`);
    }
  });

  it('mounts the folders the owner keeps wherever .env says from the same settings the site uses, and tells the tool where they came from', () => {
    const backup = parse(read('docker-compose.backup.yml'), { merge: true }) as {
      services: Record<string, Service>;
    };
    const documents = '${DOCUMENTS_DIR:-./documents/samples}';
    assert.ok(api.volumes?.includes(`${documents}:/app/documents:ro`));
    assert.match(
      read('Makefile'),
      /^BACKUP_STORES := --project \/project --documents \/documents /m,
    );
    for (const name of ['backup', 'backup-tls', 'restore', 'restore-tls']) {
      const service = backup.services[name];
      assert.ok(service.volumes?.includes(`${documents}:/documents`), name);
      assert.equal(service.environment?.MOUNTED_DOCUMENTS_DIR, '${DOCUMENTS_DIR:-}', name);
      assert.equal(service.environment?.MOUNTED_TLS_DIR, '${TLS_DIR:-}', name);
    }
    // The own certificate (HTTPS=own) where nginx reads it, else certbot's volume.
    assert.ok(
      tlsOverride.services.web.volumes?.includes('${TLS_DIR:-certificates}:/etc/nginx/certs:ro'),
    );
    for (const name of ['backup-tls', 'restore-tls'])
      assert.ok(backup.services[name].volumes?.includes('${TLS_DIR:-certificates}:/certs'), name);
  });

  it('names the images of the site from PORTFOLIO_IMAGES and PORTFOLIO_TAG, local names by default, in every file', () => {
    const backup = parse(read('docker-compose.backup.yml'), { merge: true }) as {
      services: Record<string, Service>;
    };
    const named = (kind: string) =>
      `\${PORTFOLIO_IMAGES:-portfolio}-${kind}:\${PORTFOLIO_TAG:-latest}`;
    assert.equal(web.image, named('web'));
    assert.equal(api.image, named('api'));
    // Backups, the off-site copy and the drill run the API image the site
    // runs, pulled or built, which carries rclone.
    assert.deepEqual(Object.keys(backup.services).sort(), [
      'backup',
      'backup-tls',
      'check',
      'offsite',
      'restore',
      'restore-tls',
    ]);
    for (const [name, service] of Object.entries(backup.services)) {
      assert.equal(service.image, named('api'), name);
      assert.equal(service.build?.dockerfile, 'Dockerfile.api', name);
    }
    assert.equal(tlsOverride.services.web.image, undefined);
    // Without the settings: the names `docker run portfolio-api` and the
    // engine suite use; each stays buildable here.
    const resolve = (image = '', env: Record<string, string> = {}) =>
      image.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) =>
        env[name] ? env[name] : fallback,
      );
    assert.equal(resolve(api.image), 'portfolio-api:latest');
    assert.equal(resolve(web.image), 'portfolio-web:latest');
    assert.equal(
      resolve(web.image, { PORTFOLIO_IMAGES: 'ghcr.io/owner/portfolio', PORTFOLIO_TAG: 'v1.2.0' }),
      'ghcr.io/owner/portfolio-web:v1.2.0',
    );
    assert.equal(api.build?.dockerfile, 'Dockerfile.api');
    assert.equal(web.build?.dockerfile, 'Dockerfile.web');
    // The tester's image is never published.
    assert.equal(test.image, 'portfolio-test');
  });

  it('adds HTTPS with docker-compose.tls.yml: port 443, certificates from certbot or TLS_DIR, read-only', () => {
    const tls = tlsOverride.services.web;
    assert.deepEqual(tls.ports, ['${HTTP_PORT:-80}:8080', '${HTTPS_PORT:-443}:8443']);
    assert.equal(tls.environment?.TLS_CERT_FILE, '/etc/nginx/certs/fullchain.pem');
    assert.equal(tls.environment?.TLS_KEY_FILE, '/etc/nginx/certs/privkey.pem');
    assert.equal(tls.environment?.DOMAIN, '${DOMAIN:-}');
    assert.ok(tls.volumes?.includes('${TLS_DIR:-certificates}:/etc/nginx/certs:ro'));
    assert.ok(tls.volumes?.every((volume) => volume.endsWith(':ro')));
    const certbot = tlsOverride.services.certbot;
    assert.match(certbot.image ?? '', /^certbot\/certbot:v\d+\.\d+\.\d+$/);
    assert.ok(certbot.volumes?.includes('certificates:/certs'));
    assert.deepEqual(certbot.depends_on, { web: { condition: 'service_healthy' } });
  });
});

describe('compose hardening, every service of both files', () => {
  it('caps each container log at three files of 10 MB', () => {
    for (const [name, service] of Object.entries(merged))
      assert.deepEqual(
        service.logging,
        { driver: 'json-file', options: { 'max-size': '10m', 'max-file': '3' } },
        name,
      );
  });

  const site = Object.entries(merged).filter(([name]) => name !== 'test');
  const megabytes = (limit = '') => Number(/^(\d+)m$/.exec(limit)?.[1] ?? NaN);

  it('runs the site without capabilities and without a way to gain privileges', () => {
    assert.deepEqual(site.map(([name]) => name).sort(), ['api', 'certbot', 'mailpit', 'web']);
    for (const [name, service] of site) {
      assert.deepEqual(service.cap_drop, ['ALL'], name);
      assert.deepEqual(service.security_opt, ['no-new-privileges:true'], name);
    }
    assert.deepEqual(merged.certbot.cap_add, ['CHOWN'], 'the deploy hook sets the key group');
    for (const [name, service] of site.filter(([n]) => n !== 'certbot'))
      assert.equal(service.cap_add, undefined, name);
  });

  it('caps memory and processes within a 2 GB Raspberry Pi', () => {
    let total = 0;
    for (const [name, service] of site) {
      const limit = megabytes(service.mem_limit);
      assert.ok(limit > 0 && limit <= 256, `${name}: mem_limit ${service.mem_limit}`);
      assert.ok((service.pids_limit ?? 0) > 0 && (service.pids_limit ?? 0) <= 200, name);
      total += limit;
    }
    assert.ok(total <= 1024, `${total} MB in all leaves half the Pi free`);
  });

  it("keeps Mailpit's messages on a volume, unpruned", () => {
    assert.equal(mailpit.environment?.MP_DATABASE, '/data/mailpit.db');
    assert.deepEqual(mailpit.volumes, ['mailpit-data:/data']);
    assert.ok('mailpit-data' in compose.volumes);
    assert.equal(mailpit.environment?.MP_MAX_MESSAGES, '0');
    assert.equal(mailpit.read_only, true);
  });

  it('leaves the SMTP port to the API unless the owner sets one', () => {
    assert.equal(api.environment?.SMTP_HOST, '${SMTP_HOST:-mailpit}');
    assert.equal(api.environment?.SMTP_PORT, '${SMTP_PORT:-}');
  });

  it('gives the network IPv6, so IPv6 visitors arrive as themselves', () => {
    const network = compose.networks.portfolio;
    assert.equal(network.enable_ipv6, true);
    assert.match(network.ipam?.config[0]?.subnet ?? '', /^fd[0-9a-f]{2}:[0-9a-f:]+\/64$/);
  });
});

describe('Dockerfiles', () => {
  const pinnedNode = /^node:\d+\.\d+\.\d+-(alpine|bookworm-slim)$/;

  it('build from exactly pinned multi-arch official images', () => {
    const [rclone, ...nodeStages] = apiStages;
    assert.match(rclone.image, /^rclone\/rclone:\d+\.\d+\.\d+$/);
    for (const stage of [...nodeStages, ...webStages.slice(0, -1)])
      assert.match(stage.image, pinnedNode);
    assert.match(last(webStages).image, /^nginx:\d+\.\d+\.\d+-alpine$/);
  });

  it('run every stage that only makes files on the build platform, the images themselves per target', () => {
    const platforms = (stages: Stage[]) =>
      Object.fromEntries(stages.map((stage) => [stage.name, stage.platform ?? 'target']));
    assert.deepEqual(platforms(apiStages), {
      rclone: 'target',
      manifests: '$BUILDPLATFORM',
      deps: '$BUILDPLATFORM',
      build: '$BUILDPLATFORM',
      test: 'target',
      runtime: 'target',
    });
    assert.deepEqual(platforms(webStages), {
      manifests: '$BUILDPLATFORM',
      build: '$BUILDPLATFORM',
      runtime: 'target',
    });
  });

  it('build the API with dev dependencies and run it with production ones only', () => {
    const build = apiStages.find((stage) => stage.name === 'build') as Stage;
    assert.ok(argsOf(build, 'RUN').some((run) => run.startsWith('npm ci')));
    assert.ok(argsOf(build, 'RUN').includes('npm run build -w api'));
    const deps = apiStages.find((stage) => stage.name === 'deps') as Stage;
    assert.ok(argsOf(deps, 'RUN').some((run) => run.includes('--omit=dev')));
    const runtime = last(apiStages);
    assert.equal(runtime.name, 'runtime');
    assert.deepEqual(argsOf(runtime, 'USER'), ['node']);
    assert.deepEqual(argsOf(runtime, 'CMD'), ['["node", "dist/main.js"]']);
    assert.match(argsOf(runtime, 'HEALTHCHECK')[0], /\/api\/health/);
  });

  it('give the API image its own data folders, writable by its user, so it runs without compose', () => {
    const runtime = last(apiStages);
    const env = argsOf(runtime, 'ENV').join(' ');
    const folders = [
      '/app/mail-spool',
      '/app/mail-outbox',
      '/app/zip-cache',
      '/app/stamp-cache',
      '/app/access',
      '/app/letters',
    ];
    for (const [name, folder] of [
      ['MAIL_SPOOL_DIR', '/app/mail-spool'],
      ['MAIL_OUTBOX_DIR', '/app/mail-outbox'],
      ['ZIP_CACHE_DIR', '/app/zip-cache'],
      ['STAMP_CACHE_DIR', '/app/stamp-cache'],
      ['ACCESS_DIR', '/app/access'],
      ['LETTERS_DIR', '/app/letters'],
      ['DOCUMENTS_DIR', '/app/documents'],
    ])
      assert.match(env, new RegExp(`${name}=${folder}\\b`), name);
    const chown = argsOf(runtime, 'RUN').find((run) => run.includes('chown node:node'));
    for (const folder of folders) assert.ok(chown?.includes(folder), `${folder} owned by node`);
  });

  it('serve the web bundle from nginx as a non-root user with the project template', () => {
    const build = webStages.find((stage) => stage.name === 'build') as Stage;
    assert.ok(argsOf(build, 'RUN').includes('npm run build -w web'));
    const runtime = last(webStages);
    assert.deepEqual(argsOf(runtime, 'USER'), ['nginx']);
    const copies = argsOf(runtime, 'COPY').join('\n');
    assert.match(copies, /nginx\/templates \/etc\/nginx\/portfolio\/templates/);
    const bundle = runtime.steps.find((step) => step.flags.from === 'build');
    assert.equal(bundle?.text, '/app/web/dist /usr/share/nginx/html');
    assert.match(argsOf(runtime, 'HEALTHCHECK')[0], /\/nginx-health/);
  });

  it("copy into the web build every file of the API package the web's code imports", () => {
    const { exports } = JSON.parse(read('api/package.json')) as { exports: Record<string, string> };
    const webSources = readdirSync(path.join(repoRoot, 'web/src'), { recursive: true })
      .map(String)
      .filter((file) => /\.tsx?$/.test(file));
    const imported = new Set(
      webSources.flatMap((file) =>
        // Values only: the build drops `import type`, so a shape needs no copy.
        [
          ...read(`web/src/${file}`).matchAll(
            /^import (?!type )[^;]*?from '@portfolio\/api\/([\w-]+)'/gm,
          ),
        ].map(([, name]) => path.posix.join('api', exports[`./${name}`])),
      ),
    );
    assert.ok(imported.size > 0, 'the web imports limits from the API package');
    const build = webStages.find((stage) => stage.name === 'build') as Stage;
    const copied = argsOf(build, 'COPY').map((copy) => copy.split(' ')[0]);
    for (const file of imported) assert.ok(copied.includes(file), `Dockerfile.web copies ${file}`);
  });

  it('give `make test` a Debian stage with chromium and nginx that runs npm test', () => {
    const stage = apiStages.find((s) => s.name === 'test') as Stage;
    assert.match(argsOf(stage, 'RUN').join(' '), /apt-get install .*chromium.* nginx/);
    assert.deepEqual(argsOf(stage, 'USER'), ['node']);
    assert.deepEqual(argsOf(stage, 'CMD'), ['["npm", "test"]']);
  });
});

describe('.env.example and .dockerignore', () => {
  const example = readEnvFile(path.join(repoRoot, '.env.example'));

  it('lists every setting of the API, nginx and compose', () => {
    const names = [
      ...CONFIG_KEYS,
      ...Object.keys(readEnvFile(nginxDefaultsFile)),
      'WEB_PORT',
      'TLS_DIR',
      'HTTPS_PORT',
      'HTTP_PORT',
      'DOMAIN',
      'ACME_EMAIL',
      'ACME_STAGING',
      'ACME_SERVER',
      'TRUSTED_PROXIES',
      'TLS_CERT_FILE',
      'TLS_KEY_FILE',
      'PORTFOLIO_IMAGES',
      'PORTFOLIO_TAG',
    ];
    for (const name of names) assert.ok(name in example, `${name} in .env.example`);
  });

  it('holds no secret', () => {
    for (const name of ['AUTH_PASSWORD_HASH', 'JWT_SECRET', 'SMTP_PASS', 'SMTP_USER']) {
      assert.equal(example[name], '', `${name} is empty`);
    }
  });

  it('keeps dependencies, builds and .env out of build contexts', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/.env', '.git'])
      assert.ok(ignored.includes(entry), entry);
  });
});

describe("the owner's documents and secrets stay private", () => {
  // Files an owner may create by following docs/operations.md; none may reach git or an image.
  const privateFiles = [
    'documents/private/manifest.json',
    'documents/private/zeugnis.pdf',
    '.env',
    '.env.local',
    '.env.production',
    'api/.env',
    'backups/portfolio-backup-2026-11-25T021500Z.tar.gz',
  ];

  // Read with git's own rules from .gitignore, so the check also runs where
  // no .git folder is (the `make test` container's build context has none).
  it('are ignored by git, while the samples and .env.example are not', () => {
    const gitignore = ignore().add(read('.gitignore'));
    for (const file of privateFiles) assert.ok(gitignore.ignores(file), `${file} ignored by git`);
    for (const file of ['documents/samples/manifest.json', '.env.example'])
      assert.ok(!gitignore.ignores(file), `${file} not ignored`);
  });

  it('are left out of every build context, while .env.example is in it', () => {
    const ignore = dockerignore({ ignorecase: false }).add(read('.dockerignore'));
    for (const file of privateFiles) assert.ok(ignore.ignores(file), `${file} not in the context`);
    assert.ok(!ignore.ignores('.env.example'));
  });

  it('default to the samples, which say they are samples', () => {
    assert.equal(DEFAULT_DOCUMENTS_DIR, path.join(repoRoot, 'documents', 'samples'));
    assert.match(read('documents/README.md'), /samples\/.*Beispiel/s);
    assert.equal(readEnvFile(path.join(repoRoot, '.env.example')).DOCUMENTS_DIR, '');
  });
});
