/** A number as this page writes it (the language's locale, at most one decimal). */
export const formatDecimal = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);

export function formatMegabytes(bytes: number, locale: string): string {
  return `${formatDecimal(bytes / 1_000_000, locale)} MB`;
}

export function formatSize(bytes: number, locale: string): string {
  return bytes < 1_000_000
    ? `${formatDecimal(Math.max(1, Math.round(bytes / 1000)), locale)} KB`
    : formatMegabytes(bytes, locale);
}
