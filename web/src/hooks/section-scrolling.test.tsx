import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMedia } from '../test/media';
import { renderApp } from '../test/render-app';
import { trackScroll } from '../test/scroll';

// The rule's values (docs/product.md#header-and-navigation), not the app's constants: a test
// that imported them would follow any change to them.
const SCROLL_ANIMATION_MS = 500;
const NAVIGATE_THEN_SCROLL_DELAY_MS = 100;
const FOLLOW_UP_SCROLL_DELAY_MS = 500;
const NARROW_SCROLL_OFFSET_PX = -80;

// jsdom's window is 768 px high.
const VIEWPORT_HEIGHT = window.innerHeight;
const sections = {
  home: { top: 0, height: 700 },
  about: { top: 1000, height: 400 },
  documents: { top: 2500, height: 500 },
  contact: { top: 3000, height: 600 },
};
const centred = (id: keyof typeof sections) =>
  sections[id].top - (VIEWPORT_HEIGHT - sections[id].height) / 2;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const location = () => screen.getByTestId('location');

afterEach(() => {
  vi.useRealTimers();
});

describe('navigation on the start page', () => {
  it('scrolls to the section over 500 ms and centres it', async () => {
    setMedia({});
    vi.useFakeTimers();
    const scroll = trackScroll(sections);
    renderApp('/');
    fireEvent.click(screen.getByRole('link', { name: 'Über mich' }));

    await advance(SCROLL_ANIMATION_MS / 2);
    expect(scroll.position).toBeGreaterThan(0);
    expect(scroll.position).toBeLessThan(centred('about'));
    await advance(SCROLL_ANIMATION_MS / 2 - 30);
    expect(scroll.position).toBeLessThan(centred('about'));
    await advance(60);
    expect(scroll.position).toBe(centred('about'));
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('centres the section where it ends up when a section above it takes its height on the way', async () => {
    setMedia({});
    vi.useFakeTimers();
    const contact = { ...sections.contact };
    const scroll = trackScroll({ ...sections, contact });
    renderApp('/');
    fireEvent.click(screen.getByRole('link', { name: 'Kontakt' }));

    await advance(SCROLL_ANIMATION_MS / 2);
    // A section far below the fold rendered, 300 px taller than the height it stood for.
    contact.top += 300;
    await advance(SCROLL_ANIMATION_MS / 2 + 30);
    expect(scroll.position).toBe(contact.top - (VIEWPORT_HEIGHT - contact.height) / 2);
  });

  it('starts a section taller than the screen just below the sticky header', async () => {
    setMedia({});
    vi.useFakeTimers();
    const scroll = trackScroll({
      '.site-header': { top: 0, height: 64 },
      about: { top: 1000, height: 2000 },
    });
    renderApp('/');
    fireEvent.click(screen.getByRole('link', { name: 'Über mich' }));
    await advance(SCROLL_ANIMATION_MS + 50);
    expect(scroll.position).toBe(1000 - 64);
  });

  it('jumps without animation when the user prefers reduced motion', () => {
    setMedia({ reducedMotion: true });
    const scroll = trackScroll(sections);
    renderApp('/');
    fireEvent.click(screen.getByRole('link', { name: 'Kontakt' }));
    expect(scroll.positions()).toEqual([centred('contact')]);
  });

  it('scrolls home from the logo', async () => {
    setMedia({ reducedMotion: true });
    const scroll = trackScroll(sections);
    renderApp('/');
    window.scrollTo(0, 2000);
    fireEvent.click(screen.getByRole('link', { name: /Baran Demir/ }));
    expect(scroll.position).toBe(0);
  });
});

describe('navigation from another path', () => {
  it('goes to / first and scrolls after 100 ms', async () => {
    setMedia({});
    const scroll = trackScroll(sections);
    renderApp('/all-projects');
    await screen.findByRole('heading', { name: 'Alle Projekte' });
    vi.useFakeTimers();
    scroll.scrollTo.mockClear();

    fireEvent.click(screen.getByRole('link', { name: 'Kontakt' }));
    await advance(0);
    expect(location()).toHaveTextContent(/^\/$/);
    await advance(NAVIGATE_THEN_SCROLL_DELAY_MS - 1);
    expect(scroll.scrollTo).not.toHaveBeenCalled();
    await advance(1 + SCROLL_ANIMATION_MS + 50);
    expect(scroll.position).toBe(centred('contact'));
  });
});

describe('scrollTo navigation state', () => {
  it.each([
    ['narrow (up to 768 px)', { narrow: true }, NARROW_SCROLL_OFFSET_PX],
    ['small (up to 360 px)', { small: true }, NARROW_SCROLL_OFFSET_PX],
    ['wide', {}, -VIEWPORT_HEIGHT / 2 + 50],
  ])(
    'scrolls to the section, then adjusts after 500 ms on %s screens',
    async (_name, media, offset) => {
      setMedia(media);
      vi.useFakeTimers();
      const scroll = trackScroll(sections);
      renderApp({ pathname: '/', state: { scrollTo: 'documents' } });

      await advance(FOLLOW_UP_SCROLL_DELAY_MS - 1);
      const before = scroll.positions();
      expect(before.length).toBeGreaterThan(0);
      // Until the follow-up, the window only moves towards the section top.
      expect(before).toEqual([...before].sort((a, b) => a - b));
      expect(Math.max(...before)).toBeLessThanOrEqual(sections.documents.top);

      await advance(1 + SCROLL_ANIMATION_MS + 50);
      expect(scroll.position).toBe(sections.documents.top + offset);
    },
  );

  it('ignores an unknown section id', async () => {
    setMedia({});
    vi.useFakeTimers();
    const scroll = trackScroll(sections);
    renderApp({ pathname: '/', state: { scrollTo: 'nirgendwo' } });
    await advance(2000);
    expect(scroll.scrollTo).not.toHaveBeenCalled();
  });
});

describe('a hash on /', () => {
  it('is removed by replacing the location, and the named section is scrolled to', async () => {
    setMedia({ narrow: true });
    vi.useFakeTimers();
    const scroll = trackScroll(sections);
    renderApp('/#contact');
    await advance(0);
    expect(location()).toHaveTextContent(/^\/$/);
    expect(location()).toHaveAttribute('data-navigation', 'REPLACE');
    expect(location()).toHaveAttribute('data-state', JSON.stringify({ scrollTo: 'contact' }));
    await advance(FOLLOW_UP_SCROLL_DELAY_MS + SCROLL_ANIMATION_MS + 50);
    expect(scroll.position).toBe(sections.contact.top + NARROW_SCROLL_OFFSET_PX);
  });

  it('is removed also when it names no section', async () => {
    setMedia({});
    trackScroll(sections);
    renderApp('/#main');
    await act(async () => undefined);
    expect(location()).toHaveTextContent(/^\/$/);
    expect(location()).toHaveAttribute('data-state', 'null');
  });
});
