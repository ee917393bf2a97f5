import { deviceName, passkeyLabel } from './passkey-label';

describe('passkey names', () => {
  it.each([
    [
      'iPhone · Safari',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ],
    [
      'Android · Chrome',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Android · Samsung Internet',
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Windows · Edge',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
    ],
    [
      'Mac · Firefox',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
    ],
    [
      'Linux · Chrome',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
    ],
    ['Unbekanntes Gerät', 'curl/8.5.0'],
    ['Unbekanntes Gerät', ''],
  ])('says %s', (name, userAgent) => {
    expect(deviceName(userAgent)).toBe(name);
  });

  it('adds the date in Zurich, and a number when the name is taken', () => {
    const now = Date.parse('2026-03-11T23:30:00Z');
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1';
    expect(passkeyLabel(iPhone, [], now)).toBe('iPhone · Safari, 12.3.2026');
    expect(
      passkeyLabel(iPhone, ['iPhone · Safari, 12.3.2026', 'iPhone · Safari, 12.3.2026 (2)'], now),
    ).toBe('iPhone · Safari, 12.3.2026 (3)');
    expect(passkeyLabel('<script>', [], now)).toBe('Unbekanntes Gerät, 12.3.2026');
  });
});
