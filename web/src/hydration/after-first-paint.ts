/**
 * Runs `task` once the page has loaded and the next frame is painted. A prerendered page needs
 * no JavaScript to show itself: on a phone's slow line its app bundle would otherwise compete
 * with the stylesheet and the images of the first paint.
 */
export function afterFirstPaint(task: () => void): void {
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(task));
  if (document.readyState === 'complete') afterNextFrame();
  else window.addEventListener('load', afterNextFrame, { once: true });
}
