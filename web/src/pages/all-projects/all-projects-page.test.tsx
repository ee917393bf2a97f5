import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FILTER_OPTIONS } from '../../constants';
import { allProjects } from '../../content/de/all-projects';
import { site } from '../../content/de/site';
import { projects } from '../../content/projects';
import { renderApp } from '../../test/render-app';
import { trackScroll } from '../../test/scroll';

const filter = () => screen.getByRole('combobox', { name: 'Nach Sprache filtern' });
const cardTitles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

async function open(path = '/all-projects') {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Alle Projekte' });
}

describe('all projects page', () => {
  it('scrolls to the top on entry', async () => {
    const scroll = trackScroll();
    window.scrollTo(0, 1800);
    await open();
    expect(scroll.position).toBe(0);
  });

  it('offers every filter option, starting at All', async () => {
    await open();
    const options = within(filter())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([...FILTER_OPTIONS]);
    expect(filter()).toHaveValue('All');
  });

  it('shows every project as a card with image, title, languages, description and GitHub link', async () => {
    await open();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(projects.length);
    for (const [index, project] of projects.entries()) {
      const card = within(cards[index]);
      const title = site.projects.titles[project.id];
      const description = allProjects.descriptions[project.id];
      expect(card.getByRole('heading', { level: 2 })).toHaveTextContent(title);
      expect(cards[index].querySelector('img')).toHaveAttribute('src', project.img.src);
      expect(card.getByText(project.languages.join(', '))).toBeInTheDocument();
      expect(card.getByText(description)).toBeInTheDocument();
      const link = card.getByRole('link', { name: 'View GitHub' });
      expect(link).toHaveAttribute('href', project.github);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAccessibleDescription(title);
    }
  });

  it('filters by language and keeps the filter in the URL', async () => {
    const user = userEvent.setup();
    await open();
    await user.selectOptions(filter(), 'Python');
    expect(cardTitles()).toEqual(['Wetterstation']);
    expect(screen.getByTestId('location')).toHaveTextContent('/all-projects?sprache=Python');
    expect(screen.getByText('1 Projekt')).toBeInTheDocument();

    await user.selectOptions(filter(), 'SQL');
    expect(cardTitles()).toEqual(['Lagerverwaltung', 'Vokabeltrainer']);

    await user.selectOptions(filter(), 'All');
    expect(cardTitles()).toHaveLength(projects.length);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/all-projects$/);
  });

  it('opens a shared, filtered address with that filter', async () => {
    await open('/all-projects?sprache=C%23');
    expect(filter()).toHaveValue('C#');
    expect(cardTitles()).toEqual(['Budget-Rechner']);
  });

  it('falls back to All for an unknown filter in the address', async () => {
    await open('/all-projects?sprache=Cobol');
    expect(filter()).toHaveValue('All');
    expect(cardTitles()).toHaveLength(projects.length);
  });

  it('says so when no project uses the language', async () => {
    const user = userEvent.setup();
    await open();
    await user.selectOptions(filter(), 'Rust');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('Zu dieser Sprache gibt es noch kein Projekt.')).toBeInTheDocument();
  });

  it('makes every project findable through a filter option', () => {
    for (const project of projects) {
      for (const language of project.languages) expect(FILTER_OPTIONS).toContain(language);
    }
  });

  it('links back to the projects section of the start page', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('link', { name: /Zurück zur Startseite/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-state',
      JSON.stringify({ scrollTo: 'projects' }),
    );
  });
});
