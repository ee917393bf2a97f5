// `make local`: the whole stack natively, without Docker. Builds what is
// missing, starts the API on 127.0.0.1:API_PORT (3000), nginx on
// 127.0.0.1:WEB_PORT (8080) and, without SMTP_HOST, an SMTP sink writing to
// .local/mail. Values come from .env; the environment overrides them.
// Ctrl-C (or SIGTERM) stops everything it started.
import path from 'node:path';
import { buildMissing } from './builds';
import { mergeEnv, readEnvFile } from './env-file';
import { envFile, repoRoot } from './paths';
import { startStack, type Stack } from './start-stack';

const localDir = path.join(repoRoot, '.local');

function port(value: string | undefined, fallback: number): number {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) {
    throw new Error(`Not a port: ${value}`);
  }
  return parsed;
}

function describe(stack: Stack): string {
  const lines = [
    '',
    `Website:   ${stack.httpsUrl ?? stack.baseUrl}/`,
    `API:       ${stack.apiUrl}/api/health (directly, without nginx)`,
    `Login:     user "${stack.username}", password from AUTH_PASSWORD_HASH in .env` +
      ' or the one-time password the API printed on its first start (make password-local sets one)',
    stack.mailDir
      ? `Mails:     saved as .eml files in ${path.relative(repoRoot, stack.mailDir)}/`
      : 'Mails:     sent to the SMTP_HOST from the configuration',
    `Documents: ${stack.documentsDir}`,
    `nginx log: ${path.relative(repoRoot, path.join(localDir, 'run', 'access.log'))}`,
    'Stop with Ctrl-C.',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  buildMissing();
  const config = mergeEnv(readEnvFile(envFile), process.env);
  const stack = await startStack({
    webPort: port(config.WEB_PORT, 8080),
    apiPort: port(config.API_PORT, 3000),
    password: null,
    useEnvFile: true,
    runDir: path.join(localDir, 'run'),
    mailDir: path.join(localDir, 'mail'),
    log: (line) => console.log(line),
  });
  console.log(describe(stack));
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping nginx, the API and the SMTP sink ...`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
