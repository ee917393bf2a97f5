// KEY=value files (.env, nginx/defaults.env), read the API's one way.
export { readEnvFile } from '@portfolio/api/config';

export type EnvMap = Record<string, string | undefined>;

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
