// What one access is, as accesses.json and usage.json hold it, and the checks
// every writer applies before it is stored (access-store.ts): the one place
// that says what a valid access, name and id look like.
import { isObject, isTime } from '../common/json-store';
import { STORE_ID } from '../common/store-id';
import { HIDDEN_CHARACTERS, InputError, typedName } from '../common/typed-input';
import { LABEL_MAX } from '../letters/letter-limits';
import { isLetter, type AccessLetter } from '../letters/letter-record';
import { unwritable } from '../stamp/stamp-line';

export interface Access {
  id: string;
  label: string;
  codeHash: string;
  createdAt: string;
  expiresAt: string;
  revokedAt?: string;
  /** The manifest's sections this access sees; absent only in stores from before (see nameAllSections). */
  sections?: string[];
  /** Its own PDFs, shown before the sections; dropped when it is revoked. */
  letters?: AccessLetter[];
  /** false: its PDFs go out without its name on every page (documents/stamp-for.ts). */
  stamp?: boolean;
}

export interface AccessUsage {
  firstUsedAt: string;
  lastUsedAt: string;
  /** How often the link was opened (a code exchanged for a session). */
  opened: number;
}

export type AccessState = 'active' | 'expired' | 'revoked';

/** How long an access is valid unless the owner says otherwise. */
export const DEFAULT_ACCESS_DAYS = 90;

const isListOf = <T>(value: unknown, check: (item: unknown) => item is T) =>
  value === undefined || (Array.isArray(value) && value.every(check));

export function isAccess(value: unknown): value is Access {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.label === 'string' &&
    typeof value.codeHash === 'string' &&
    isTime(value.createdAt) &&
    isTime(value.expiresAt) &&
    (value.revokedAt === undefined || isTime(value.revokedAt)) &&
    isListOf(value.sections, (item): item is string => typeof item === 'string') &&
    isListOf(value.letters, isLetter) &&
    (value.stamp === undefined || typeof value.stamp === 'boolean') &&
    (value.letters === undefined || STORE_ID.test(value.id))
  );
}

export function isUsage(value: unknown): value is AccessUsage {
  return (
    isObject(value) &&
    isTime(value.firstUsedAt) &&
    isTime(value.lastUsedAt) &&
    Number.isSafeInteger(value.opened)
  );
}

export function accessState(access: Access, now = Date.now()): AccessState {
  if (access.revokedAt) return 'revoked';
  return Date.parse(access.expiresAt) <= now ? 'expired' : 'active';
}

/**
 * A label the owner can tell apart and a mail subject can carry; the one check for the
 * owner's page and make access-*.
 */
export function checkLabel(label: string): string {
  const trimmed = typedName(label);
  if (!trimmed) throw new InputError('Der Name fehlt, z. B. NAME="Muster AG".');
  if (HIDDEN_CHARACTERS.test(trimmed))
    throw new InputError(
      'Der Name enthält Steuer- oder unsichtbare Zeichen (z. B. Zeilenumbruch, Richtungswechsel).',
    );
  if (trimmed.length > LABEL_MAX)
    throw new InputError(`Der Name ist länger als ${LABEL_MAX} Zeichen.`);
  const missing = unwritable(trimmed);
  if (missing.length > 0)
    throw new InputError(
      `Der Name steht auf jeder Seite ihrer PDFs; diese Zeichen hat die Schrift des Stempels nicht: ${missing.join(' ')}`,
    );
  return trimmed;
}

/** Two names for the same access: case does not count. */
export const sameLabel = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();
