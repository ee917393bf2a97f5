export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** A media query's answer where scripts need it; layout by screen is CSS's, on <html>'s viewport class. */
export function matches(query: string): boolean {
  return typeof matchMedia === 'function' && matchMedia(query).matches;
}
