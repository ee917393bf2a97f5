import { useEffect, useState, type RefObject } from 'react';
import { useHydrated } from '../hydration/use-hydrated';

const observerMissing = typeof IntersectionObserver === 'undefined';

/**
 * True once the element has come into view; stays true (entry animations run once). False in
 * the prerendered HTML and its hydration; CSS hides unseen elements only where the pre-paint
 * script ran, so without JavaScript everything stays visible.
 */
export function useInView(target: RefObject<Element | null>, rootMargin = '0px'): boolean {
  const [seen, setSeen] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const element = target.current;
    if (seen || !element || observerMissing) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, seen, rootMargin]);

  return seen || (observerMissing && hydrated);
}
