// What the owner types (a company's name, a letter's label), as every check
// of it reads it, and how a refusal reaches the owner.

/**
 * Something the owner asked for that a store refuses (a name, a number of days, a file);
 * the message is for the owner, the status for the page's answer.
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 413 | 415 = 400,
  ) {
    super(message);
  }
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
