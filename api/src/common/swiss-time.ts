// Dates and times as the owner reads them in mails, tables and passkey
// names: Swiss German, in Zurich's time zone whatever the server's is.

/** Date and time, e.g. "06.12.2026, 15:17". */
export function localTime(iso: string): string {
  return new Date(iso).toLocaleString('de-CH', {
    timeZone: 'Europe/Zurich',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** The date alone, e.g. "6.12.2026". */
export function localDate(iso: string): string {
  return new Date(iso).toLocaleDateString('de-CH', { timeZone: 'Europe/Zurich' });
}
