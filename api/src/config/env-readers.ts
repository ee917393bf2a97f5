/**
 * The kinds of setting the API reads from its environment, one reader and one
 * error text per kind (in English for the API's log, in German for the
 * owner's commands), and the reader that applies them. A malformed value is
 * recorded as a human-readable problem, so start-up can report every one at
 * once. An empty value counts as unset.
 */
import { isAbsolute, resolve } from 'node:path';
import { parseDuration, parseDurationList } from './duration';

export type Env = Record<string, string | undefined>;

/** What a malformed value should have looked like, after the variable's name. */
export interface Expected {
  en: string;
  de: string;
}

/** How one variable is read. */
export interface Setting<T> {
  /** The value of a set variable, or undefined when it is malformed. */
  parse: (raw: string) => T | undefined;
  expected: Expected;
  /** The value of an unset variable. */
  fallback: T;
}

/** For a kind that is never malformed. */
const ANYTHING: Expected = { en: '', de: '' };

type Schema = Record<string, Setting<unknown>>;
type ValueOf<S> = S extends Setting<infer T> ? T : never;

export function setting<T>(
  parse: (raw: string) => T | undefined,
  expected: Expected,
  fallback: T,
): Setting<T> {
  return { parse, expected, fallback };
}

/** Any text; never malformed. */
export const text = <T extends string | undefined>(fallback: T): Setting<string | T> =>
  setting<string | T>((raw) => raw, ANYTHING, fallback);

/** A folder; a relative one counts from `base`. Never malformed. */
export const folder = (base: string, fallback: string): Setting<string> =>
  setting((raw) => (isAbsolute(raw) ? raw : resolve(base, raw)), ANYTHING, fallback);

export const integer = <T extends number | undefined>(
  fallback: T,
  min: number,
  max: number,
): Setting<number | T> =>
  setting<number | T>(
    (raw) => {
      const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
      return Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
    },
    {
      en: `must be a whole number from ${min} to ${max}`,
      de: `muss eine ganze Zahl von ${min} bis ${max} sein`,
    },
    fallback,
  );

/** A size, written in whole megabytes and read in bytes. */
export const megabytes = (fallbackMb: number, maxMb: number): Setting<number> => {
  const wholeMegabytes = integer(fallbackMb, 1, maxMb);
  return setting(
    (raw) => {
      const value = wholeMegabytes.parse(raw);
      return value === undefined ? undefined : value * 1024 * 1024;
    },
    {
      en: `must be a whole number of megabytes from 1 to ${maxMb}`,
      de: `muss eine ganze Zahl Megabyte von 1 bis ${maxMb} sein`,
    },
    fallbackMb * 1024 * 1024,
  );
};

export const flag = (fallback: boolean): Setting<boolean> =>
  setting(
    (raw) => {
      const value = raw.toLowerCase();
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return undefined;
    },
    { en: 'must be true or false (or 1 or 0)', de: 'muss true oder false sein (oder 1 oder 0)' },
    fallback,
  );

/** A duration such as 10m, read in milliseconds. */
export const duration = (fallbackMs: number): Setting<number> =>
  setting(
    parseDuration,
    {
      en: 'must be a duration such as 30s, 10m, 2h, 1d or 600 (seconds)',
      de: 'muss eine Dauer sein wie 30s, 10m, 2h, 1d oder 600 (Sekunden)',
    },
    fallbackMs,
  );

/** A comma-separated list of durations, read in milliseconds. */
export const durations = (fallbackMs: number[]): Setting<number[]> =>
  setting(
    parseDurationList,
    {
      en: 'must be a comma-separated list of durations such as 10s,30s,1m,5m,30m',
      de: 'muss eine Liste von Dauern sein, durch Kommas getrennt, wie 10s,30s,1m,5m,30m',
    },
    fallbackMs,
  );

/**
 * Reads the variables of one schema, each when first asked for: a variable that only counts
 * in some setups (WEB_PORT beside SITE_URL) is checked only in those.
 */
export class EnvReader<S extends Schema> {
  /** For the API's log, beside the German ones. */
  readonly problems: string[] = [];
  /** The same in German, for the owner's commands and the API's log. */
  readonly germanProblems: string[] = [];
  private readonly values = new Map<keyof S, unknown>();

  constructor(
    private readonly schema: S,
    private readonly env: Env,
  ) {}

  isSet(name: keyof S & string): boolean {
    return Boolean(this.env[name]?.trim());
  }

  /** The value as written, for a path that counts from another folder than the API's. */
  raw(name: keyof S & string): string | undefined {
    return this.env[name]?.trim();
  }

  read<K extends keyof S & string>(name: K): ValueOf<S[K]> {
    if (!this.values.has(name)) this.values.set(name, this.parse(name));
    return this.values.get(name) as ValueOf<S[K]>;
  }

  private parse(name: keyof S & string): unknown {
    const { parse, expected, fallback } = this.schema[name];
    const raw = this.env[name]?.trim();
    if (!raw) return fallback;
    const value = parse(raw);
    if (value !== undefined) return value;
    this.problem(`${name} ${expected.en}`, `${name} ${expected.de}`);
    return fallback;
  }

  /** A wrong setting, said in English and in German. */
  problem(en: string, de: string): void {
    this.problems.push(en);
    this.germanProblems.push(de);
  }

  /** Every problem, each in English and in German, for the API's refusal to start. */
  describeProblems(): string {
    const lines = this.problems.map((en, at) => `- ${en}\n  ${this.germanProblems[at]}`);
    return `Invalid configuration / Ungültige Einstellungen:\n${lines.join('\n')}`;
  }
}
