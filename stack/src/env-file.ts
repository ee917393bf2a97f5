// Reads KEY=value files (.env, nginx/defaults.env) with Node's own parser.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export type EnvMap = Record<string, string | undefined>;

/** The variables of an env file, or an empty map when it does not exist. */
export function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Later sources win; undefined and empty values do not override. */
export function mergeEnv(...sources: EnvMap[]): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      if (value !== undefined && value !== '') merged[key] = value;
    }
  }
  return merged;
}
