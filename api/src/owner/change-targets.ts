// What a passkey confirmation of a change to what a company sees names
// (owner-changes.service.ts): the page asks for one with the very fields it
// then sends, and the API checks it against the fields it received, so a
// confirmation fits this one change and no other. Shared with the web
// (@portfolio/api/change-targets); plain functions, nothing imported.

/** The changes that show a company more: each needs the owner's passkey, freshly. */
export const ACCESS_CHANGES = [
  'create-access',
  'widen-sections',
  'add-letter',
  'replace-letter',
  'stamp-off',
] as const;
export type AccessChange = (typeof ACCESS_CHANGES)[number];

/** Where an upload's confirmation rides (its body is the PDF): base64url of the assertion's JSON. */
export const CONFIRMATION_HEADER = 'x-owner-confirmation';

/** A PDF as the confirmation names it: the owner's name for it and its size in bytes. */
export interface LetterSpec {
  name: string;
  /** -1: sent without saying its length (the limit still holds while it is read). */
  size: number;
}

/** A new link's first PDF: also its content, so the tap lets in these bytes and no others. */
export interface FirstLetterSpec extends LetterSpec {
  /** SHA-256 of the file, lower-case hex, as the page computed it. */
  sha256: string;
}

/** A new link: its fields as sent, with the first PDF the same tap lets in. */
export const createTarget = (
  name: unknown,
  days: unknown,
  sections: unknown,
  first: FirstLetterSpec | undefined,
) => JSON.stringify([name ?? null, days ?? null, sections ?? null, first ?? null]);

/** The sections a link is to see. */
export const sectionsTarget = (id: string, sections: unknown) =>
  JSON.stringify([id, sections ?? null]);

/** A link's PDFs from now on sent without its name on every page. */
export const stampOffTarget = (id: string) => JSON.stringify([id, 'stamp-off']);

/** A PDF added to a link, or put in the place of `replacing`. */
export const letterTarget = (id: string, letter: LetterSpec, replacing?: string) =>
  JSON.stringify([id, replacing ?? null, letter.name, letter.size]);
