// The name a new passkey gets: the device and browser it was registered
// from, read simply from the User-Agent, and the date, e.g. "iPhone · Safari,
// 12.3.2026". Only these fixed words ever come from the header, never its own
// text, since it reaches the page, the log and the owner's mail.
import { localDate } from '../common/swiss-time';

const DEVICES: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

// Most browsers name the ones they are built on too: the first match wins.
const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const first = (table: [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/** "Device · Browser", either alone when the other is unknown, or "Unbekanntes Gerät". */
export function deviceName(userAgent = ''): string {
  const words = [first(DEVICES, userAgent), first(BROWSERS, userAgent)].filter(Boolean);
  return words.length > 0 ? words.join(' · ') : 'Unbekanntes Gerät';
}

/** The device's name and the date; "(2)", "(3)" … when the owner has one so named already. */
export function passkeyLabel(userAgent: string | undefined, taken: string[], now: number): string {
  const label = `${deviceName(userAgent)}, ${localDate(new Date(now).toISOString())}`;
  let candidate = label;
  for (let number = 2; taken.includes(candidate); number += 1) candidate = `${label} (${number})`;
  return candidate;
}
