/**
 * Runs `task` once the page has loaded and a frame has been painted after that. A prerendered
 * page needs no JavaScript to show itself: on a phone's slow line its app bundle would otherwise
 * compete with the stylesheet and the images of the first paint.
 */
export function afterFirstPaint(task: () => void): void {
  // The second frame's callback runs once the first has been handed over for display.
  const afterNextFrame = () =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(task)));
  if (document.readyState === 'complete') afterNextFrame();
  else window.addEventListener('load', afterNextFrame, { once: true });
}
