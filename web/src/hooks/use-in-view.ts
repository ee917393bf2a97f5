import { useEffect, useState, type RefObject } from 'react';

const observerMissing = typeof IntersectionObserver === 'undefined';

/** True once the element has come into view; stays true (entry animations run once). */
export function useInView(target: RefObject<Element | null>, rootMargin = '0px'): boolean {
  const [seen, setSeen] = useState(observerMissing);

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

  return seen;
}
