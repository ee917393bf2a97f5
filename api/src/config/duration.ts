const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/**
 * Parses a token lifetime such as `2h`, `30m`, `1d` or `7200` (seconds) into
 * seconds. Handing jsonwebtoken a bare numeric string would be read as
 * milliseconds, so the value is normalised here once.
 */
export function parseDurationSeconds(value: string): number | undefined {
  const match = /^(\d+)([smhd]?)$/.exec(value.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] || 's'];
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : undefined;
}

/** Parses `10s,30s,1m` into seconds; undefined when any part is not a duration. */
export function parseDurationList(value: string): number[] | undefined {
  const parts = value.split(',').map(parseDurationSeconds);
  return parts.every((part) => part !== undefined) ? (parts as number[]) : undefined;
}
