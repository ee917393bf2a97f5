const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses a duration such as `2h`, `30m`, `1d` or `7200` (seconds) into milliseconds, the one
 * unit every duration of the configuration has inside the API.
 */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] || 's'];
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** Parses `10s,30s,1m` into milliseconds; undefined when any part is not a duration. */
export function parseDurationList(value: string): number[] | undefined {
  const parts = value.split(',').map(parseDuration);
  return parts.every((part) => part !== undefined) ? (parts as number[]) : undefined;
}
