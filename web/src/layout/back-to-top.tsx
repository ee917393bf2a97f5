import { useEffect, useState } from 'react';
import { animateScrollTo } from '../hooks/scroll';
import { useSiteTexts } from '../i18n/use-site-texts';
import { ArrowUpIcon } from './icons';

function scrolledPastFirstScreen(): boolean {
  return window.scrollY > window.innerHeight;
}

/** Appears once the visitor has scrolled past the first screen. */
export function BackToTop() {
  // Hidden in the prerendered HTML and its hydration; the effect then reads the real position.
  const [visible, setVisible] = useState(false);
  const texts = useSiteTexts();

  useEffect(() => {
    const onScroll = () => setVisible(scrolledPastFirstScreen());
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label={texts.backToTop}
      onClick={() => animateScrollTo(0)}
    >
      <ArrowUpIcon />
    </button>
  );
}
