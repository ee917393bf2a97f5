// One row per figure: the measurement, its reference from the same run, and
// whether the goal is met. Printed as a table and saved as JSON.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Row {
  figure: string;
  measured: string;
  reference: string;
  comparison: string;
  goal: string;
  /** null: a figure without a goal, reported for reading only. */
  met: boolean | null;
}

const COLUMNS: Array<[keyof Row, string]> = [
  ['figure', 'Figure'],
  ['measured', 'Measured'],
  ['reference', 'Reference'],
  ['comparison', 'Comparison'],
  ['goal', 'Goal'],
  ['met', 'Result'],
];

function cell(row: Row, key: keyof Row): string {
  if (key !== 'met') return row[key] as string;
  if (row.met === null) return '-';
  return row.met ? 'met' : 'MISSED';
}

export function formatTable(rows: Row[]): string {
  const widths = COLUMNS.map(([key, title]) =>
    Math.max(title.length, ...rows.map((row) => cell(row, key).length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((text, index) => text.padEnd(widths[index])).join(' | ')} |`;
  return [
    line(COLUMNS.map(([, title]) => title)),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map((row) => line(COLUMNS.map(([key]) => cell(row, key)))),
  ].join('\n');
}

export async function saveResults(dir: string, rows: Row[], raw: object): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify({ date: new Date().toISOString(), rows, raw }, null, 2));
  return file;
}
