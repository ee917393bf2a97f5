import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { loadEnglish } from './translation';
import { expectLinkNames } from '../test/link-names';

const nav = (name: string) => within(screen.getByRole('navigation', { name }));

// The English texts loaded before any render, as the app's start does.
beforeAll(() => loadEnglish());

describe('an English page', () => {
  it('links an English page to the same German page, its query included', async () => {
    renderApp('/en/all-projects?sprache=SQL');
    await screen.findByRole('heading', { level: 1, name: 'All projects' });
    const link = nav('Main navigation').getByRole('link', { name: 'Deutsch' });
    expect(link).toHaveAttribute('href', '/all-projects?sprache=SQL');
    expect(link).toHaveAttribute('lang', 'de');
  });

  it('speaks English and keeps its links in English', () => {
    renderApp('/en/');
    const links = nav('Main navigation').getAllByRole('link');
    expectLinkNames(links, [
      'Home',
      'About me',
      'Education',
      'Projects',
      'Documents (locked)',
      'Contact',
      'Deutsch',
    ]);
    expect(links[1]).toHaveAttribute('href', '/en/#about');
    expect(screen.getByRole('link', { name: /See all projects/ })).toHaveAttribute(
      'href',
      '/en/all-projects',
    );
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });

  it('shows the English 404 page for an unknown English address', async () => {
    renderApp('/en/does-not-exist');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'To the start page' })).toHaveAttribute('href', '/en/');
  });
});
