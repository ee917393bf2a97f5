import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { trackScroll } from '../test/scroll';

const nav = (name: string) => within(screen.getByRole('navigation', { name }));

describe('the language switch', () => {
  it('links a German page to the same English page, marked as English', () => {
    renderApp('/');
    const link = nav('Hauptnavigation').getByRole('link', { name: 'English' });
    expect(link).toHaveAttribute('href', '/en/');
    expect(link).toHaveAttribute('lang', 'en');
    expect(link).toHaveAttribute('hreflang', 'en');
  });

  it('takes the section in view along, and none from the top of the page', () => {
    const boxes = { home: 0, about: 800, education: 1600, projects: 2600, documents: 3400 };
    const scroll = trackScroll({
      ...Object.fromEntries(Object.entries(boxes).map(([id, top]) => [id, { top, height: 700 }])),
      contact: { top: 4200, height: 700 },
    });
    renderApp('/');
    const link = nav('Hauptnavigation').getByRole('link', { name: 'English' });
    fireEvent.click(link);
    expect(link).toHaveAttribute('href', '/en/');
    window.scrollTo(0, 3200);
    expect(scroll.position).toBe(3200);
    fireEvent.click(link);
    expect(link).toHaveAttribute('href', '/en/#documents');
  });
});
