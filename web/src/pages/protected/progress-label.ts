import type { ProtectedTexts } from '../../i18n/use-protected-texts';
import { formatDecimal, formatMegabytes } from './format-size';

export interface Progress {
  received: number;
  total: number | null;
}

/** "37 % (7.4 von 20 MB)" when the size is known, else "1.2 MB" received so far. */
export function progressText(
  { received, total }: Progress,
  { numberMarks, of }: Pick<ProtectedTexts, 'numberMarks' | 'of'>,
): string {
  if (total === null) return formatMegabytes(received, numberMarks);
  const percent = Math.floor((received / total) * 100);
  return `${percent} % (${formatDecimal(received / 1_000_000, numberMarks)} ${of} ${formatMegabytes(total, numberMarks)})`;
}
