// German words for what the log records, shared by the owner's mails and the
// command's tables, so both say the same.
import { AccessAction, AccessLogEntry, AccessOutcome } from './access-log';
import type { AccessLetter } from '../letters/letter-record';
import type { Access } from './access-record';

const ACTION_TEXT: Record<AccessAction, string> = {
  link: 'Zugangslink geöffnet',
  list: 'Dokumentenliste angesehen',
  open: 'Dokument geöffnet',
  download: 'Dokument heruntergeladen',
  zip: 'documents.zip heruntergeladen',
};

export const OUTCOME_TEXT: Record<AccessOutcome, string> = {
  completed: 'vollständig',
  authorised: 'an nginx übergeben',
  aborted: 'abgebrochen',
  failed: 'fehlgeschlagen',
};

export function actionText(entry: Pick<AccessLogEntry, 'action' | 'file'>): string {
  return entry.file ? `${ACTION_TEXT[entry.action]}: ${entry.file}` : ACTION_TEXT[entry.action];
}

/** A log entry with the words for it, as `make access-log --json` and the owner's page show it. */
export function describedEntry(entry: AccessLogEntry) {
  return {
    ...entry,
    what: actionText(entry),
    result: OUTCOME_TEXT[entry.outcome] ?? entry.outcome,
  };
}

/** The sections an access sees, in words. */
export function sectionsText(access: Pick<Access, 'sections'>): string {
  if (!access.sections) return 'alle Bereiche';
  return access.sections.join(', ') || 'keinen Bereich';
}

const kilobytes = (size: number) =>
  `${Math.max(1, Math.round(size / 1024)).toLocaleString('de-CH')} KB`;

/** A letter and its size: "Motivationsschreiben (120 KB)". */
export const letterText = (letter: AccessLetter) => `${letter.label} (${kilobytes(letter.size)})`;

/** What a command did with a letter: "Eigene Datei „Motivationsschreiben“ (120 KB) entfernt." */
export const letterLine = (done: string, letter: AccessLetter) =>
  `Eigene Datei „${letter.label}“ (${kilobytes(letter.size)}) ${done}.`;
