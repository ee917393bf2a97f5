import { describe, expect, it } from 'vitest';
import { protectedPage as german } from '../../content/de/protected';
import { protectedPage as english } from '../../content/en/protected';
import { formatDecimal, formatSize } from './format-size';

const VALUES = [0, 0.04, 0.05, 0.96, 1, 1.25, 2.35, 7.44, 99.95, 999.96, 1000, 1234.56, 1234567.5];

describe('formatDecimal', () => {
  it.each([
    ['de-CH', german.numberMarks],
    ['en-GB', english.numberMarks],
  ])('writes what Intl.NumberFormat writes for %s, one decimal at most', (locale, marks) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    for (const value of VALUES) expect(formatDecimal(value, marks)).toBe(intl.format(value));
  });
});

describe('formatSize', () => {
  it('gives kilobytes below a megabyte, never 0 KB, and megabytes with one decimal above', () => {
    expect(formatSize(120, german.numberMarks)).toBe('1 KB');
    expect(formatSize(250_400, german.numberMarks)).toBe('250 KB');
    expect(formatSize(1_540_000, german.numberMarks)).toBe('1.5 MB');
    expect(formatSize(1_234_500_000, german.numberMarks)).toBe("1'234.5 MB");
    expect(formatSize(1_234_500_000, english.numberMarks)).toBe('1,234.5 MB');
  });
});
