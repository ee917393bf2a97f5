// Access codes are read off a screen or a letter and typed by hand, so their
// alphabet leaves out what looks alike (0/O, 1/I/l): 32 symbols, 5 bits each.
// 28 symbols are 140 random bits, shown in groups of four. Only a SHA-256
// hash is stored: with 140 random bits a slow hash adds nothing, and the
// check must stay cheap enough for every request that carries an access token.
import { createHash, randomInt } from 'node:crypto';

export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const CODE_LENGTH = 28;
const GROUP = 4;

/** A fresh code, grouped for reading: `ABCD-EFGH-…`. */
export function newAccessCode(): string {
  const symbols = Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  );
  const groups: string[] = [];
  for (let i = 0; i < CODE_LENGTH; i += GROUP) groups.push(symbols.slice(i, i + GROUP).join(''));
  return groups.join('-');
}

/**
 * The code as typed, without case, spaces or dashes; undefined when it cannot be a code.
 * A hand-copied link may carry lower case or separators of its own.
 */
export function normaliseAccessCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== CODE_LENGTH) return undefined;
  return [...code].every((symbol) => CODE_ALPHABET.includes(symbol)) ? code : undefined;
}

export function hashAccessCode(normalised: string): string {
  return createHash('sha256').update(normalised).digest('hex');
}

/** The link a recipient opens; the code rides in the fragment, which no server ever sees. */
export function accessLink(siteUrl: string, code: string): string {
  return `${siteUrl}/protected#zugang=${code}`;
}
