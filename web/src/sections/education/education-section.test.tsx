import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../content/de/site';
import { schools } from '../../content/schools';
import { renderApp } from '../../test/render-app';

const timeline = () => within(document.getElementById('education')!);
const items = () => timeline().getAllByRole('listitem');

describe('education section', () => {
  it('shows the four schools newest first, each with years, image and link', () => {
    renderApp('/');
    expect(timeline().getByRole('heading', { level: 2, name: 'Schule' })).toBeInTheDocument();
    expect(schools).toHaveLength(4);
    const names = timeline()
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(
      [...schools].reverse().map((school) => site.education.schools[school.id].name),
    );
    for (const [index, item] of items().entries()) {
      const school = [...schools].reverse()[index];
      expect(item).toHaveTextContent(site.education.schools[school.id].years);
      expect(within(item).getAllByRole('img').length).toBeGreaterThan(0);
    }
  });

  it('gives the last school two images and the links "Weitere Infos (IMS)" and "(Gibb)"', () => {
    renderApp('/');
    const newest = within(items()[0]);
    expect(newest.getAllByRole('img')).toHaveLength(2);
    expect(newest.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Weitere Infos (IMS)',
      'Weitere Infos (Gibb)',
    ]);
    for (const item of items().slice(1)) {
      expect(within(item).getAllByRole('img')).toHaveLength(1);
      expect(within(item).getByRole('link')).toHaveTextContent(/^Weitere Infos$/);
    }
  });

  it('opens the school links in a new tab without an opener', () => {
    renderApp('/');
    for (const link of timeline().getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  // Sides, slide-in and the dot's offset are CSS's, for each screen width: the browser tests
  // measure them (e2e/tests/education.spec.ts).
});
