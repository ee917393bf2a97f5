// Starts the whole stack once (nginx, API, SMTP sink) for every worker, and
// returns the teardown that stops it.
import { randomBytes } from 'node:crypto';
import { startStack } from '@portfolio/stack';
import { STACK_INFO_VARIABLE, type StackInfo } from './stack-info';
import { stackEnv } from './stack-options';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const jwtSecret = randomBytes(32).toString('base64url');
  const stack = await startStack({
    env: stackEnv(jwtSecret),
    // A process that dies mid-run would otherwise show only as failing pages.
    onCrash: (report) => process.stderr.write(`\n${report}\n`),
    log: (line) => {
      if (/^\[api\].*\b(ERROR|FATAL)\b/.test(line)) process.stderr.write(`${line}\n`);
    },
  });
  if (!stack.password || !stack.mailDir) {
    await stack.stop();
    throw new Error('The test stack needs its own password and SMTP sink');
  }
  const info: StackInfo = {
    baseUrl: stack.baseUrl,
    username: stack.username,
    password: stack.password,
    mailDir: stack.mailDir,
    documentsDir: stack.documentsDir,
    accessDir: stack.accessDir,
    lettersDir: stack.lettersDir,
    jwtSecret,
  };
  process.env[STACK_INFO_VARIABLE] = JSON.stringify(info);
  return () => stack.stop();
}
