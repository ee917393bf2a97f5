/**
 * The longest wait for the largest paint: the browser stops reporting paints at a visitor's
 * first tap or key, and does not report images it finds too blurry to count.
 */
export const MAX_WAIT_MS = 3000;

/**
 * Runs `task` once the browser has reported the page's largest paint: no image in view that is
 * larger than the largest paint so far is still unpainted. A prerendered page needs no JavaScript
 * to show itself; its app fetched earlier would compete with that paint on a phone's slow line,
 * and Lighthouse counts every script requested before the paint as holding it up.
 *
 * It runs inside the inline pre-paint script (pre-paint-script.ts embeds its source), so it
 * refers to nothing outside its own body.
 */
export function afterLargestPaint(task: () => void, maxWaitMs: number): void {
  const type = 'largest-contentful-paint';
  const SAME_SIZE = 1.02;
  // Area inside the viewport, in CSS pixels as largest-paint entries count it.
  const visibleArea = (element: Element) => {
    const { top, right, bottom, left } = element.getBoundingClientRect();
    const width = Math.min(right, innerWidth) - Math.max(left, 0);
    const height = Math.min(bottom, innerHeight) - Math.max(top, 0);
    return width > 0 && height > 0 ? width * height : 0;
  };
  let largest = 0;
  const painted = new Set<Element | null>();
  // An image in a section the browser skips (content-visibility: auto) is out of view, and
  // measuring it would lay out the whole section inside this callback.
  const skipped = (image: Element) =>
    image.checkVisibility?.({ contentVisibilityAuto: true }) === false;
  const unpainted = (image: Element) =>
    !painted.has(image) && !skipped(image) && visibleArea(image) > largest;
  const run = () => {
    clearTimeout(fallback);
    observer.disconnect();
    setTimeout(task);
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LargestContentfulPaint[]) {
      // The browser reports only paints larger than the last one, and measures on whole pixels:
      // cards of one size differ here by a fraction of a pixel and are never reported after it.
      const image = entry.element?.localName === 'img' ? visibleArea(entry.element) : 0;
      largest = Math.max(entry.size, image) * SAME_SIZE;
      painted.add(entry.element);
    }
    if (![...document.images].some(unpainted)) run();
  });
  observer.observe({ type, buffered: true });
  // A browser that reports no largest paints starts the app at once.
  const reports = PerformanceObserver.supportedEntryTypes.includes(type);
  const fallback = setTimeout(run, reports ? maxWaitMs : 0);
}
