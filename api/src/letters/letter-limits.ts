// What the owner may give one company besides the shared documents
// (docs/operations.md#zugänge), and how long its name and theirs may be, in
// one file both build from: the owner's
// page imports it as `@portfolio/api/letter-limits` (an export of this
// package), so the page refuses a file before sending it exactly when the
// API would.

/** Own PDFs one access may have. */
export const LETTERS_PER_ACCESS = 3;
export const LETTER_MAX_MB = 10;
/** The largest own PDF, in bytes. */
export const LETTER_MAX_BYTES = LETTER_MAX_MB * 1024 * 1024;
/** The longest name of a company, or of one of its PDFs. */
export const LABEL_MAX = 80;
