import { useEffect, useState } from 'react';
import { animateScrollTo } from '../hooks/scroll';
import { ArrowUpIcon } from './icons';

function scrolledPastFirstScreen(): boolean {
  return window.scrollY > window.innerHeight;
}

/** Appears once the visitor has scrolled past the first screen. */
export function BackToTop() {
  const [visible, setVisible] = useState(scrolledPastFirstScreen);

  useEffect(() => {
    const onScroll = () => setVisible(scrolledPastFirstScreen());
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label="Nach oben"
      onClick={() => animateScrollTo(0)}
    >
      <ArrowUpIcon />
    </button>
  );
}
