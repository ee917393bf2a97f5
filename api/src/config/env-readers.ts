/**
 * Readers for single environment values. Each returns the parsed value or
 * records a human-readable problem, so start-up can report every malformed
 * value at once. An empty value counts as unset.
 */
export type Env = Record<string, string | undefined>;

export class EnvReader {
  readonly problems: string[] = [];

  constructor(private readonly env: Env) {}

  optional(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  string(name: string, fallback: string): string {
    return this.optional(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
    this.problems.push(`${name} must be a whole number from ${min} to ${max}`);
    return fallback;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optional(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    this.problems.push(`${name} must be true or false`);
    return fallback;
  }

  parsed<T>(name: string, parse: (raw: string) => T | undefined, expected: string): T | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    const value = parse(raw);
    if (value === undefined) this.problems.push(`${name} ${expected}`);
    return value;
  }
}
