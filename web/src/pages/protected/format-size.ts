const number = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 1 });

/** A number as this page writes it (de-CH, at most one decimal). */
export const formatDecimal = (value: number) => number.format(value);

export function formatMegabytes(bytes: number): string {
  return `${number.format(bytes / 1_000_000)} MB`;
}

export function formatSize(bytes: number): string {
  return bytes < 1_000_000
    ? `${number.format(Math.max(1, Math.round(bytes / 1000)))} KB`
    : formatMegabytes(bytes);
}
