import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { prefersEnglish } from '../../i18n/prefers-english';

describe('the offer of English on the German start page', () => {
  it.each([
    [['en-GB', 'de'], true],
    [['fr', 'en-US', 'de-CH'], true],
    [['de-CH', 'en'], false],
    [['fr', 'it'], false],
    [[], false],
  ])('%j prefers English: %s', (languages, expected) => {
    expect(prefersEnglish(languages)).toBe(expected);
  });

  // Whether it shows is CSS's (html[data-prefers-english], from the pre-paint script), which
  // the browser tests check; here, what it says and that it can be dismissed.
  it('is a notice with a link to /en/ that can be dismissed', async () => {
    renderApp('/');
    const notice = screen.getByRole('region', { name: 'Language' });
    expect(within(notice).getByRole('link', { name: 'Read it in English' })).toHaveAttribute(
      'href',
      '/en/',
    );
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Language' })).not.toBeInTheDocument();
  });

  it('is not on the English start page', () => {
    renderApp('/en/');
    expect(screen.queryByRole('region', { name: 'Language' })).not.toBeInTheDocument();
  });
});
