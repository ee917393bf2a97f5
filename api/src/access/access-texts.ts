// German words for what the log records, shared by the owner's mails and the
// command's tables, so both say the same.
import { AccessAction, AccessLogEntry, AccessOutcome } from './access-log';

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

/** Swiss date and time, in Zurich's time zone whatever the server's is. */
export function localTime(iso: string): string {
  return new Date(iso).toLocaleString('de-CH', {
    timeZone: 'Europe/Zurich',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export function localDate(iso: string): string {
  return new Date(iso).toLocaleDateString('de-CH', { timeZone: 'Europe/Zurich' });
}
