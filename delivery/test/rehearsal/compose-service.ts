// How docker-compose.yml runs a service, read for the rehearsal: its
// environment and volumes as a fresh owner gets them (no .env, so every
// ${NAME:-default} takes its default), tmpfs folders and read_only.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface Volume {
  /** A folder of this machine, or undefined for a named volume (a fresh folder). */
  source: string | undefined;
  name: string;
  target: string;
  readOnly: boolean;
}

export interface ServiceRun {
  environment: Record<string, string>;
  volumes: Volume[];
  tmpfs: string[];
  readOnly: boolean;
}

interface RawService {
  environment?: Record<string, string | number>;
  volumes?: string[];
  tmpfs?: string[];
  read_only?: boolean;
}

/** Compose interpolation with an empty environment: defaults, else blank. */
export function interpolate(value: string): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g,
    (_all, _name, fallback?: string) => fallback ?? '',
  );
}

export function readService(repoRoot: string, name: string): ServiceRun {
  const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
    services: Record<string, RawService>;
  };
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  const environment = Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [
      key,
      interpolate(String(value)),
    ]),
  );
  const volumes = (service.volumes ?? []).map((entry): Volume => {
    const [source, target, mode] = interpolate(entry).split(':');
    const isPath = source.startsWith('.') || source.startsWith('/');
    return {
      source: isPath ? path.resolve(repoRoot, source) : undefined,
      name: source,
      target,
      readOnly: mode === 'ro',
    };
  });
  return { environment, volumes, tmpfs: service.tmpfs ?? [], readOnly: service.read_only === true };
}
