// The one way .env is read: Node's own parser, beneath the environment,
// which wins (as for the API under compose). The owner's commands, the
// backup tool (a project's .env) and the native stack all read it here.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import type { Env } from './env-readers';

/** The variables of an env file, or none when it does not exist. */
export function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** The file's settings with the environment's on top; an empty variable counts as unset. */
export function withEnvFile(env: Env, file: string): Env {
  const set = Object.entries(env).filter(([, value]) => value);
  return { ...readEnvFile(file), ...Object.fromEntries(set) };
}
