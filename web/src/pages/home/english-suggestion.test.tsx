import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { prefersEnglish } from './english-suggestion';

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

  it('shows a notice with a link to /en/ that can be dismissed', async () => {
    // The notice's chunk loaded first: compiled on the spot, it can take longer than a findBy waits.
    await import('./english-notice');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'de']);
    renderApp('/');
    const notice = await screen.findByRole('region', { name: 'Language' });
    expect(within(notice).getByRole('link', { name: 'Read it in English' })).toHaveAttribute(
      'href',
      '/en/',
    );
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Language' })).not.toBeInTheDocument();
  });

  it('stays away from a browser that prefers German', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'en']);
    renderApp('/');
    expect(screen.queryByRole('region', { name: 'Language' })).not.toBeInTheDocument();
  });
});
