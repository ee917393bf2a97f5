import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARQUEE_MAX_PROJECTS } from '../../constants';
import { site } from '../../content/de/site';
import { projects } from '../../content/projects';
import { renderApp } from '../../test/render-app';

const section = () => document.getElementById('projects')!;

describe('projects section', () => {
  it('runs the first six projects in the marquee, duplicated for continuity', () => {
    renderApp('/');
    const [original, copy] = Array.from(section().querySelectorAll('.marquee__group'));
    const titles = (group: Element) =>
      Array.from(group.querySelectorAll('h3')).map((heading) => heading.textContent);
    const expected = projects
      .slice(0, MARQUEE_MAX_PROJECTS)
      .map((project) => site.projects.titles[project.id]);
    expect(expected).toHaveLength(6);
    expect(titles(original)).toEqual(expected);
    expect(titles(copy)).toEqual(expected);
    expect(copy).toHaveAttribute('aria-hidden', 'true');
  });

  it('lets assistive technology read each project once', () => {
    renderApp('/');
    const list = within(section()).getByRole('list', { name: 'Ausgewählte Projekte' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(list).getByText('React, TypeScript, Node.js, CSS')).toBeInTheDocument();
  });

  it('links "Alle Projekte ansehen" to /all-projects', async () => {
    renderApp('/');
    const link = within(section()).getByRole('link', { name: 'Alle Projekte ansehen' });
    expect(link).toHaveAttribute('href', '/all-projects');
    await userEvent.setup().click(link);
    // The page is a lazy chunk: on a busy machine its first import takes longer than 1 s.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alle Projekte' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
