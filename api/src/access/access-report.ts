// The owner's tables of the access commands: the accesses with their use,
// and the access log, newest first. Plain text, aligned, for a terminal.
import { AccessLogEntry } from './access-log';
import { Access, AccessUsage, accessState } from './access-store';
import { OUTCOME_TEXT, actionText, localDate, localTime } from './access-texts';

const STATE_TEXT = { active: 'gültig', expired: 'abgelaufen', revoked: 'widerrufen' };

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

/** One row per access; the counts are the log's, within its retention period. */
export function accessTable(
  accesses: Access[],
  usage: Record<string, AccessUsage>,
  entries: AccessLogEntry[],
  now = Date.now(),
): string {
  const rows = accesses.map((access) => {
    const own = entries.filter((entry) => entry.accessId === access.id);
    const count = (actions: string[]) =>
      String(own.filter((entry) => actions.includes(entry.action)).length);
    const used = usage[access.id];
    return [
      access.label,
      localDate(access.createdAt),
      localDate(access.expiresAt),
      STATE_TEXT[accessState(access, now)],
      used ? localTime(used.firstUsedAt) : '–',
      used ? localTime(used.lastUsedAt) : '–',
      String(used?.opened ?? 0),
      count(['list']),
      count(['open', 'download', 'zip']),
    ];
  });
  return table(
    [
      'Name',
      'Erstellt',
      'Gültig bis',
      'Status',
      'Erste Nutzung',
      'Letzte Nutzung',
      'Link geöffnet',
      'Liste',
      'Dateien',
    ],
    rows,
  );
}

export function logTable(entries: AccessLogEntry[]): string {
  return table(
    ['Zeit', 'Zugang', 'Was', 'Ergebnis'],
    entries.map((entry) => [
      localTime(entry.at),
      entry.access,
      actionText(entry),
      OUTCOME_TEXT[entry.outcome] ?? entry.outcome,
    ]),
  );
}
