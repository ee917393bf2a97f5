// What every command of the owner (make access-add, make backup, …) does
// around its work: .env read beneath the environment (which wins, as for
// the API itself), one line on failure, exit code 2 for a wrong call and
// 1 for a failure.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { withEnvFile } from '../config/env-file';
import type { Env } from '../config/env-readers';
import { ENV_FILE } from '../config/paths';

/** A wrong call: the command prints its usage and exits with 2. */
export class UsageError extends Error {}

export type CliCommand = (args: string[], env: Env, print: (text: string) => void) => Promise<void>;

/** A command's words: its options by name, and the rest (the command, its arguments) in order. */
export function parseCliArgs<const T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
) {
  return parseArgs({ args, options, allowPositionals: true });
}

const isWrongCall = (error: unknown) =>
  error instanceof UsageError ||
  String((error as { code?: unknown } | null)?.code).startsWith('ERR_PARSE_ARGS');

export function runCliCommand(
  command: CliCommand,
  describe: (error: Error) => string = (error) => error.message,
): void {
  const env = withEnvFile(process.env, ENV_FILE);
  command(process.argv.slice(2), env, (text) => console.log(text)).catch((error: unknown) => {
    // Empty when a tool the command ran has already said what went wrong.
    const line = error instanceof Error ? describe(error) : String(error);
    if (line) console.error(line);
    process.exit(isWrongCall(error) ? 2 : 1);
  });
}
