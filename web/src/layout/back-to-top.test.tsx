import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setMedia } from '../test/media';
import { renderApp } from '../test/render-app';
import { trackScroll } from '../test/scroll';

describe('back-to-top button', () => {
  it('appears after the first screen and scrolls back to the top', () => {
    setMedia({ reducedMotion: true });
    const scroll = trackScroll();
    renderApp('/');
    expect(screen.queryByRole('button', { name: 'Nach oben' })).toBeNull();

    window.scrollTo(0, window.innerHeight + 1);
    fireEvent.scroll(window);
    fireEvent.click(screen.getByRole('button', { name: 'Nach oben' }));
    expect(scroll.position).toBe(0);

    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: 'Nach oben' })).toBeNull();
  });
});
