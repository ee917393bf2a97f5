import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../content/de/site';
import { schools } from '../../content/schools';
import { setMedia } from '../../test/media';
import { renderApp } from '../../test/render-app';
import { timelineDotOffset } from './timeline-dot';

const timeline = () => within(document.getElementById('education')!);
const items = () => timeline().getAllByRole('listitem');

describe('education section', () => {
  it('shows the four schools newest first, each with years, image and link', () => {
    setMedia({});
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
    setMedia({});
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
    setMedia({});
    renderApp('/');
    for (const link of timeline().getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('alternates left and right on wide screens', () => {
    setMedia({});
    renderApp('/');
    expect(items().map((item) => item.dataset.side)).toEqual(['left', 'right', 'left', 'right']);
    const list = items()[0].parentElement!;
    expect(list.style.getPropertyValue('--timeline-dot-offset')).toBe('50%');
  });

  it.each([
    [{ narrow: true }, '20px'],
    [{ small: true }, '10px'],
  ])('slides every item in from the right at 768 px or narrower (%o)', (media, offset) => {
    setMedia(media);
    renderApp('/');
    expect(items().map((item) => item.dataset.side)).toEqual(['right', 'right', 'right', 'right']);
    const list = items()[0].parentElement!;
    expect(list.style.getPropertyValue('--timeline-dot-offset')).toBe(offset);
  });

  it('puts the timeline dot 10px at 360 px or less, 20px at 768 px or less, else at 50%', () => {
    expect(timelineDotOffset('small')).toBe('10px');
    expect(timelineDotOffset('narrow')).toBe('20px');
    expect(timelineDotOffset('wide')).toBe('50%');
  });
});
