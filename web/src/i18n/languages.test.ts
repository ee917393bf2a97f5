import { describe, expect, it } from 'vitest';
import { languageOfPath, localePath, otherLanguage, pageOfPath } from './languages';

describe('languages and addresses', () => {
  it.each([
    ['/', 'de', '/'],
    ['/all-projects', 'de', '/all-projects'],
    ['/english-words', 'de', '/english-words'],
    ['/en', 'en', '/'],
    ['/en/', 'en', '/'],
    ['/en/all-projects', 'en', '/all-projects'],
    ['/en/protected', 'en', '/protected'],
  ])('reads %s as the %s page %s', (path, language, page) => {
    expect(languageOfPath(path)).toBe(language);
    expect(pageOfPath(path)).toBe(page);
  });

  it('puts English pages under /en/ and German ones at the root', () => {
    expect(localePath('de', '/')).toBe('/');
    expect(localePath('de', '/all-projects')).toBe('/all-projects');
    expect(localePath('en', '/')).toBe('/en/');
    expect(localePath('en', '/protected')).toBe('/en/protected');
    expect(otherLanguage('de')).toBe('en');
    expect(otherLanguage('en')).toBe('de');
  });
});
