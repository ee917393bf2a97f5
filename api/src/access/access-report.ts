// What the owner learns of the accesses: their figures and the access log,
// newest first, computed once here for the commands' tables (plain text,
// aligned, for a terminal) and the owner's page (owner/) alike, so both show
// the same.
import { AccessLogEntry } from './access-log';
import { Access, AccessState, AccessUsage, accessState } from './access-record';
import { localDate, localTime } from '../common/swiss-time';
import { OUTCOME_TEXT, actionText, letterText, sectionsText } from './access-texts';

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

/** One access as the owner sees it; the counts are the log's, within its retention period. */
export interface AccessFigures {
  access: Access;
  state: AccessState;
  firstUsedAt: string | null;
  lastUsedAt: string | null;
  /** How often the link was opened (a code exchanged for a session). */
  opened: number;
  /** Views of the documents list. */
  lists: number;
  /** Documents opened or downloaded, documents.zip included. */
  files: number;
}

export function accessFigures(
  accesses: Access[],
  usage: Record<string, AccessUsage>,
  entries: AccessLogEntry[],
  now = Date.now(),
): AccessFigures[] {
  return accesses.map((access) => {
    const own = entries.filter((entry) => entry.accessId === access.id);
    const count = (actions: string[]) =>
      own.filter((entry) => actions.includes(entry.action)).length;
    const used = usage[access.id];
    return {
      access,
      state: accessState(access, now),
      firstUsedAt: used?.firstUsedAt ?? null,
      lastUsedAt: used?.lastUsedAt ?? null,
      opened: used?.opened ?? 0,
      lists: count(['list']),
      files: count(['open', 'download', 'zip']),
    };
  });
}

/** The entries `keep` selects, newest first (the log is kept oldest first). */
export function newestFirst(
  entries: AccessLogEntry[],
  keep: (entry: AccessLogEntry) => boolean,
): AccessLogEntry[] {
  return entries.filter(keep).reverse();
}

export function accessTable(figures: AccessFigures[]): string {
  const time = (iso: string | null) => (iso ? localTime(iso) : '–');
  const rows = figures.map((figure) => [
    figure.access.label,
    localDate(figure.access.createdAt),
    localDate(figure.access.expiresAt),
    STATE_TEXT[figure.state],
    time(figure.firstUsedAt),
    time(figure.lastUsedAt),
    String(figure.opened),
    String(figure.lists),
    String(figure.files),
    // make access-remove ID=… picks one of several ended links of one name.
    figure.access.id,
  ]);
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
      'ID',
    ],
    rows,
  );
}

/** What each access was given: the sections it sees and its own PDFs. */
export function choicesTable(accesses: Access[]): string {
  return table(
    ['Name', 'Bereiche', 'Eigene Dateien'],
    accesses.map((access) => [
      access.label,
      sectionsText(access),
      access.letters?.map(letterText).join(', ') || '–',
    ]),
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
