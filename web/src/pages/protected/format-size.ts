/** How a language writes numbers: "1'234.5" in Swiss German, "1,234.5" in English. */
export interface NumberMarks {
  decimal: string;
  group: string;
}

// Written by hand rather than with Intl.NumberFormat: a renderer's first Intl formatter loads
// the locale's data, about 100 ms of main thread on a desktop (four times that under
// Lighthouse's phone profile), in the render that paints a company's list
// (docs/architecture.md#a-page-from-first-paint-to-interactive).
/** A number as this page writes it: at most one decimal, rounded half up, thousands grouped. */
export function formatDecimal(value: number, marks: NumberMarks): string {
  const [whole, tenths] = (Math.round(value * 10) / 10).toFixed(1).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, marks.group);
  return tenths === '0' ? grouped : `${grouped}${marks.decimal}${tenths}`;
}

export function formatMegabytes(bytes: number, marks: NumberMarks): string {
  return `${formatDecimal(bytes / 1_000_000, marks)} MB`;
}

export function formatSize(bytes: number, marks: NumberMarks): string {
  return bytes < 1_000_000
    ? `${formatDecimal(Math.max(1, Math.round(bytes / 1000)), marks)} KB`
    : formatMegabytes(bytes, marks);
}
