import { vi } from 'vitest';

/**
 * Gives jsdom a scroll position: window.scrollTo moves it, and every call is recorded.
 * Elements get fixed boxes by id (or by '.first-class'), as a real page's layout would give them.
 */
export function trackScroll(sections: Record<string, { top: number; height: number }> = {}) {
  let position = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => position });
  const scrollTo = vi.fn((_x: number, y: number) => {
    position = y;
  });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;

  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const box = sections[this.id] ?? sections[`.${this.classList[0]}`] ?? { top: 0, height: 0 };
    const top = box.top - position;
    return {
      top,
      height: box.height,
      bottom: top + box.height,
      left: 0,
      right: 0,
      width: 0,
      x: 0,
      y: top,
      toJSON: () => ({}),
    };
  });

  return {
    scrollTo,
    get position() {
      return position;
    },
    /** Every position the window was scrolled to, in order. */
    positions: () => scrollTo.mock.calls.map(([, y]) => y),
  };
}
