import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMedia } from '../test/media';
import { trackScroll } from '../test/scroll';
import { scrollToSectionWhenRendered } from './scroll';

const flushObservers = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('scrolling to a section that is not rendered yet', () => {
  it('scrolls as soon as the section appears (a slow start page after navigating)', async () => {
    setMedia({ reducedMotion: true });
    const scroll = trackScroll({ contact: { top: 3000, height: 600 } });
    scrollToSectionWhenRendered('contact');
    await flushObservers();
    expect(scroll.scrollTo).not.toHaveBeenCalled();

    const section = document.createElement('section');
    section.id = 'contact';
    document.body.append(section);
    await flushObservers();
    expect(scroll.positions()).toEqual([3000 - (window.innerHeight - 600) / 2]);
  });

  it('gives up after 3 s when the section never appears', async () => {
    setMedia({ reducedMotion: true });
    vi.useFakeTimers();
    const scroll = trackScroll({ contact: { top: 3000, height: 600 } });
    scrollToSectionWhenRendered('contact');
    await vi.advanceTimersByTimeAsync(3000);
    vi.useRealTimers();

    const section = document.createElement('section');
    section.id = 'contact';
    document.body.append(section);
    await flushObservers();
    expect(scroll.scrollTo).not.toHaveBeenCalled();
  });
});
