// The files machines read besides ours, checked against their owners' own
// definitions: the compose files against the Compose Specification's JSON
// schema (as shipped by dclint, the maintained compose linter), the hosted
// CI workflow with GitHub's workflow parser, and the update bot's settings.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { repoRoot } from '@portfolio/stack';
import { readStages } from './helpers/dockerfile-stages';

type Tree = Record<string, unknown>;

const read = (name: string) => readFileSync(path.join(repoRoot, name), 'utf8');
const composeSchemaFile = path.join(
  path.dirname(require.resolve('dclint/package.json')),
  'schemas',
  'compose.schema.json',
);

/** Compose's merge of an override file: maps merged, sequences appended. */
function mergeCompose(base: unknown, override: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(override)) return [...base, ...override];
  if (base && override && typeof base === 'object' && typeof override === 'object') {
    const merged: Tree = { ...(base as Tree) };
    for (const [key, value] of Object.entries(override as Tree))
      merged[key] = key in merged ? mergeCompose(merged[key], value) : value;
    return merged;
  }
  return override;
}

describe('compose files against the Compose Specification schema', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  // The schema names draft-07 by its https address; Ajv's default dialect
  // is draft-07 under the http one, so the name is dropped, not the rules.
  const schema = JSON.parse(readFileSync(composeSchemaFile, 'utf8')) as Tree;
  delete schema.$schema;
  const validate = ajv.compile(schema);
  const errorsOf = (document: unknown) => {
    validate(document);
    return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  };

  it('accepts docker-compose.yml', () => {
    assert.deepEqual(errorsOf(parse(read('docker-compose.yml'), { merge: true })), []);
  });

  it('accepts docker-compose.yml merged with docker-compose.tls.yml', () => {
    const merged = mergeCompose(
      parse(read('docker-compose.yml'), { merge: true }),
      parse(read('docker-compose.tls.yml'), { merge: true }),
    );
    assert.deepEqual(errorsOf(merged), []);
  });

  it('accepts docker-compose.yml merged with docker-compose.backup.yml', () => {
    const merged = mergeCompose(
      parse(read('docker-compose.yml'), { merge: true }),
      parse(read('docker-compose.backup.yml'), { merge: true }),
    );
    assert.deepEqual(errorsOf(merged), []);
  });

  it('accepts docker-compose.yml merged with docker-compose.tools.yml', () => {
    const merged = mergeCompose(
      parse(read('docker-compose.yml'), { merge: true }),
      parse(read('docker-compose.tools.yml'), { merge: true }),
    );
    assert.deepEqual(errorsOf(merged), []);
  });

  it('refuses what compose would refuse', () => {
    const broken = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, Tree>;
    };
    broken.services.web.restart_policy = 'always';
    assert.notDeepEqual(errorsOf(broken), []);
  });
});

describe('hosted CI workflow', () => {
  it('is a valid GitHub Actions workflow with a test job and a multi-arch image job', async () => {
    const { parseWorkflow, NoOperationTraceWriter, convertWorkflowTemplate } =
      await import('@actions/workflow-parser');
    const content = read('.github/workflows/ci.yml');
    const parsed = parseWorkflow({ name: 'ci.yml', content }, new NoOperationTraceWriter());
    assert.deepEqual(
      parsed.context.errors.getErrors().map((error) => error.message),
      [],
    );
    assert.ok(parsed.value);
    const template = await convertWorkflowTemplate(parsed.context, parsed.value);
    assert.deepEqual(template.errors ?? [], []);
    assert.deepEqual(
      template.jobs.map((job) => job.id.value),
      ['test', 'images', 'publish'],
    );
    assert.match(content, /bash \.ci\/run/);
    // The oldest supported Node and the one the images run.
    assert.deepEqual(
      (parse(content) as { jobs: { test: { strategy: { matrix: { node: number[] } } } } }).jobs.test
        .strategy.matrix.node,
      [20, 24],
    );
    assert.match(content, /platforms: linux\/amd64,linux\/arm64/);
    // The engine suite on the real base images of the runner's engine,
    // named for it, then the tester's command.
    assert.match(
      content,
      /ENGINE_DOCKER_HOST=unix:\/\/\/var\/run\/docker\.sock npm run test:engine -w delivery/,
    );
    assert.match(content, /make test/);
  });

  describe('publishes the images a Raspberry Pi pulls', () => {
    interface Step {
      id?: string;
      uses?: string;
      run?: string;
      with?: Record<string, string | boolean>;
    }
    interface Job {
      if?: string;
      needs?: string[];
      permissions?: Record<string, string>;
      steps: Step[];
    }
    const workflow = parse(read('.github/workflows/ci.yml')) as {
      on: Record<string, unknown>;
      permissions: Record<string, string>;
      jobs: Record<string, Job>;
    };
    const publish = workflow.jobs.publish;
    const action = (name: string) => publish.steps.filter((step) => step.uses?.startsWith(name));

    it('on pushes to main and version tags, never from a pull request, after every check', () => {
      // Pull requests (forks' too) run the checks; only a push reaches the job.
      assert.deepEqual(Object.keys(workflow.on).sort(), ['pull_request', 'push']);
      assert.equal(
        publish.if,
        "github.event_name == 'push' && (github.ref == 'refs/heads/main' || startsWith(github.ref, 'refs/tags/v'))",
      );
      assert.deepEqual(publish.needs, ['test', 'images']);
    });

    it("with the workflow's own token, and only this job may write packages", () => {
      assert.deepEqual(workflow.permissions, { contents: 'read' });
      assert.deepEqual(publish.permissions, { contents: 'read', packages: 'write' });
      for (const [name, job] of Object.entries(workflow.jobs))
        if (name !== 'publish') assert.equal(job.permissions, undefined, name);
      assert.deepEqual(action('docker/login-action@')[0]?.with, {
        registry: 'ghcr.io',
        username: '${{ github.actor }}',
        password: '${{ secrets.GITHUB_TOKEN }}',
      });
    });

    it("to the owner's GitHub registry, lowercase, both runtime images for amd64 and arm64", () => {
      const names = publish.steps.find((step) => step.id === 'names');
      assert.match(
        names?.run ?? '',
        /prefix=ghcr\.io\/\$\{GITHUB_REPOSITORY_OWNER,,\}\/portfolio"/,
      );
      const meta = action('docker/metadata-action@');
      assert.deepEqual(
        meta.map((step) => [step.id, step.with?.images]),
        [
          ['api', '${{ steps.names.outputs.prefix }}-api'],
          ['web', '${{ steps.names.outputs.prefix }}-web'],
        ],
      );
      for (const step of meta) {
        assert.equal(step.with?.flavor, 'latest=false');
        assert.deepEqual(String(step.with?.tags).trim().split('\n'), [
          "type=raw,value=latest,enable=${{ github.ref == 'refs/heads/main' }}",
          'type=ref,event=tag',
          'type=sha,format=long,prefix=',
        ]);
      }
      const builds = action('docker/build-push-action@');
      assert.deepEqual(
        builds.map((step) => [step.with?.file, step.with?.tags]),
        [
          ['Dockerfile.api', '${{ steps.api.outputs.tags }}'],
          ['Dockerfile.web', '${{ steps.web.outputs.tags }}'],
        ],
      );
      for (const step of builds) {
        assert.equal(step.with?.target, 'runtime');
        assert.equal(step.with?.platforms, 'linux/amd64,linux/arm64');
        assert.equal(step.with?.push, true);
      }
      // The stage compose builds when it does not pull: the last one.
      for (const file of ['Dockerfile.api', 'Dockerfile.web'])
        assert.equal(readStages(path.join(repoRoot, file)).at(-1)?.name, 'runtime', file);
      assert.equal(action('docker/setup-qemu-action@').length, 1);
      assert.equal(action('docker/setup-buildx-action@').length, 1);
    });
  });
});

describe('update bot', () => {
  interface Update {
    'package-ecosystem': string;
    schedule: { interval: string };
    groups?: Tree;
  }
  const config = parse(read('.github/dependabot.yml')) as { version: number; updates: Update[] };

  it('covers npm, both Dockerfiles, the compose images and the CI actions, weekly and grouped', () => {
    assert.equal(config.version, 2);
    assert.deepEqual(config.updates.map((update) => update['package-ecosystem']).sort(), [
      'docker',
      'docker-compose',
      'github-actions',
      'npm',
    ]);
    for (const update of config.updates) {
      assert.equal(update.schedule.interval, 'weekly');
      assert.ok(
        Object.keys(update.groups ?? {}).length > 0,
        `${update['package-ecosystem']} is grouped`,
      );
    }
  });
});
