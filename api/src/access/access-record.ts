// What one access is, as accesses.json and usage.json hold it, and the checks
// every writer applies before it is stored (access-store.ts): the one place
// that says what a valid access, name and id look like.
import { randomBytes } from 'node:crypto';
import { isObject, isTime } from '../common/json-store';
import { LABEL_MAX } from '../letters/letter-limits';
import { unwritable } from '../stamp/stamp-line';

/** A PDF the owner gave one access alone; its bytes: letters/letter-files.ts. */
export interface AccessLetter {
  /** Chosen by the store; also the name of its file, never the uploaded one. */
  id: string;
  /** The owner's name for it; the download is called this, with .pdf. */
  label: string;
  size: number;
  /** Of the bytes received; a store from before hashes gets it at the next start. */
  sha256?: string;
  addedAt: string;
}

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

/**
 * Something the owner asked for that the store refuses (a name, a number of days, a file);
 * the message is for the owner, the status for the page's answer.
 */
export class AccessInputError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

/** How long an access is valid unless the owner says otherwise. */
export const DEFAULT_ACCESS_DAYS = 90;
/**
 * The ids this store makes (9 random bytes, base64url). A letter's file is named
 * after its id and its access's, so a store edited by hand can never point a
 * path elsewhere: an id of any other shape makes the store damaged.
 */
export const STORE_ID = /^[\w-]{12}$/;
export const newStoreId = () => randomBytes(9).toString('base64url');

const isLetter = (value: unknown): value is AccessLetter =>
  isObject(value) &&
  typeof value.id === 'string' &&
  STORE_ID.test(value.id) &&
  typeof value.label === 'string' &&
  Number.isSafeInteger(value.size) &&
  (value.sha256 === undefined ||
    (typeof value.sha256 === 'string' && /^[0-9a-f]{64}$/.test(value.sha256))) &&
  isTime(value.addedAt);

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

// What makes a name read as another, or as nothing: control and format characters (line
// breaks that split a mail header or a log line, bidi overrides, zero-width), the other
// default-ignorable ones (U+034F), private-use, unassigned and lone surrogate code points,
// and the letters that look blank (Hangul fillers U+3164, U+115F, U+1160, U+FFA0; the
// empty Braille pattern U+2800).
export const HIDDEN_CHARACTERS =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\u2028\u2029\u115F\u1160\u2800\u3164\uFFA0]/u;

/** A name as typed: a no-break space is a space (it is one to the reader), then trimmed. */
export const typedName = (text: string) => text.replace(/\u00A0/g, ' ').trim();

/**
 * A label the owner can tell apart and a mail subject can carry; the one check for the
 * owner's page and make access-*.
 */
export function checkLabel(label: string): string {
  const trimmed = typedName(label);
  if (!trimmed) throw new AccessInputError('Der Name fehlt, z. B. NAME="Muster AG".');
  if (HIDDEN_CHARACTERS.test(trimmed))
    throw new AccessInputError(
      'Der Name enthält Steuer- oder unsichtbare Zeichen (z. B. Zeilenumbruch, Richtungswechsel).',
    );
  if (trimmed.length > LABEL_MAX)
    throw new AccessInputError(`Der Name ist länger als ${LABEL_MAX} Zeichen.`);
  const missing = unwritable(trimmed);
  if (missing.length > 0)
    throw new AccessInputError(
      `Der Name steht auf jeder Seite ihrer PDFs; diese Zeichen hat die Schrift des Stempels nicht: ${missing.join(' ')}`,
    );
  return trimmed;
}

/** Two names for the same access: case does not count. */
export const sameLabel = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();
