// npm test and npm run test:quick: the stages in order, each timed, stopping at
// the first that fails; at the end every stage's time, and what this run did
// not prove (docs/architecture.md#tests). `quick` runs what needs neither a
// Docker engine, nginx nor a browser: the loop for each change.
//
//   node scripts/test-stages.mjs [quick]
import { spawnSync } from 'node:child_process';

/** [name, command]; `quick` marks the stages of the quick loop. */
const STAGES = [
  ['temp snapshot', 'node scripts/temp-leftovers.mjs snapshot', 'quick'],
  ['temp script', 'node --test scripts/temp-leftovers.test.mjs', 'quick'],
  ['lint', 'npm run lint', 'quick'],
  ['typecheck', 'npm run typecheck', 'quick'],
  ['build', 'npm run build'],
  ['api', 'npm run test -w api', 'quick'],
  ['web', 'npm run test -w web', 'quick'],
  ['bundle budgets', 'npm run size -w web'],
  ['html', 'npm run validate-html -w web'],
  ['delivery', 'npm run test:delivery'],
  ['e2e', 'npm run test:e2e'],
  ['temp check', 'node scripts/temp-leftovers.mjs check', 'quick'],
];

const quick = process.argv[2] === 'quick';
const chosen = STAGES.filter(([, , mark]) => !quick || mark === 'quick');
const times = [];

/** The lines that say what this run left unproven. */
function unproven() {
  const lines = [];
  if (quick)
    lines.push(
      'Not run (quick loop): build, bundle budgets, html, delivery (nginx, both engine suites), e2e (browser); npm test runs them.',
    );
  if (process.getuid?.() !== 0)
    lines.push(
      'Not root: the engine suites and the tests that mount a file system skipped themselves (each says so above).',
    );
  return lines;
}

function summary(failed) {
  const width = Math.max(...times.map(([name]) => name.length));
  console.log('\nStage times:');
  for (const [name, seconds] of times)
    console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(1)} s`);
  const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1)} s`);
  for (const line of unproven()) console.log(line);
  if (failed) console.log(`Failed: ${failed}.`);
}

for (const [name, command] of chosen) {
  const started = process.hrtime.bigint();
  const run = spawnSync(command, { shell: true, stdio: 'inherit' });
  times.push([name, Number(process.hrtime.bigint() - started) / 1e9]);
  if (run.status !== 0) {
    summary(name);
    process.exit(run.status ?? 1);
  }
}
summary();
