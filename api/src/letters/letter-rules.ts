// The rules of a company's own PDFs beyond their limits (letter-limits.ts),
// checked here for the page and the commands alike: what is refused, in the
// owner's words, and the name each is given. The name only labels the
// download: the file on disk is named by the store (letter-files.ts).
import { HIDDEN_CHARACTERS, InputError, typedName } from '../common/typed-input';
import { LABEL_MAX, LETTER_MAX_MB } from './letter-limits';

const PDF_EXTENSION = /\.pdf$/i;
/** How every PDF starts. */
export const PDF_HEAD = Buffer.from('%PDF-');

export const tooBig = () => new InputError(`Die Datei ist grösser als ${LETTER_MAX_MB} MB.`, 413);
export const notPdf = () => new InputError('Das ist keine PDF-Datei.', 415);

/**
 * The owner's name for a PDF, without ".pdf" (the download adds it). It becomes a file name
 * in documents.zip and in the company's downloads: no slash, no leading dot, nothing hidden.
 */
export function checkLetterLabel(label: string): string {
  const name = typedName(typedName(label).replace(PDF_EXTENSION, ''));
  if (!name) throw new InputError('Die Bezeichnung der Datei fehlt, z. B. „Motivationsschreiben“.');
  if (HIDDEN_CHARACTERS.test(name) || /[/\\]/.test(name) || name.startsWith('.'))
    throw new InputError(
      'Die Bezeichnung darf keinen Schrägstrich, keinen Punkt am Anfang und keine Steuerzeichen enthalten.',
    );
  if (name.length > LABEL_MAX)
    throw new InputError(`Die Bezeichnung ist länger als ${LABEL_MAX} Zeichen.`);
  return name;
}

/** The name a company's download of a letter gets. */
export const letterFilename = (label: string) => `${label}.pdf`;
