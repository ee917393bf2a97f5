import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('start page', () => {
  it('has the six sections in order with matching anchor ids', () => {
    const { container } = renderApp('/');
    const ids = Array.from(container.querySelectorAll('main > section[id]')).map(
      (section) => section.id,
    );
    expect(ids).toEqual(['home', 'about', 'education', 'projects', 'documents', 'contact']);
    expect(screen.getByRole('region', { name: 'Über mich' })).toHaveAttribute('id', 'about');
  });

  it('has landmarks and exactly one h1', () => {
    renderApp('/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the profile: birth date, residence, occupation, education, skills, languages, quote, picture', () => {
    renderApp('/');
    const home = within(document.getElementById('home')!);
    const term = (name: string) => home.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Geburtsdatum')).toHaveTextContent(/\d{4}/);
    expect(term('Wohnort')).toHaveTextContent('Bern, Schweiz');
    expect(term('Beruf')).toHaveTextContent('Applikationsentwickler in Ausbildung');
    expect(term('Ausbildung')).toHaveTextContent(/BWD \(IMS\).*gibb/);
    expect(term('Sprachen')).toHaveTextContent('Deutsch, Englisch, Kurdisch');
    const skills = within(home.getByRole('list', { name: 'Skills' })).getAllByRole('listitem');
    expect(skills.map((skill) => skill.textContent)).toContain('Docker');
    expect(home.getByText(/^«.+»$/)).toBeInTheDocument();
    const portrait = home.getByRole('img', { name: /Porträt/ });
    expect(portrait).toHaveAttribute('width');
    expect(portrait).toHaveAttribute('height');
  });

  it('loads images from its own origin only, with sizes set, lazy below the fold', () => {
    const { container } = renderApp('/');
    const images = Array.from(container.querySelectorAll('img'));
    for (const image of images) {
      expect(image.getAttribute('src')).toMatch(/^\/(?!\/)/);
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
    const belowTheFold = images.filter((image) => !image.closest('#home'));
    expect(belowTheFold.length).toBeGreaterThan(0);
    for (const image of belowTheFold) expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('lets the skip link move focus to the main content', () => {
    renderApp('/');
    screen.getByRole('link', { name: 'Zum Inhalt springen' }).click();
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
