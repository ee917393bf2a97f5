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
      ['test', 'images'],
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
