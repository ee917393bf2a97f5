// A prerendered page shows its buttons before its app has arrived (on a phone, about a second
// later). A tap in between would do nothing, so the pre-paint script remembers the last control tapped
// until the app starts hydrating (from then on React replays taps itself), and the app taps it
// again once it is interactive. Only controls marked with `earlyTap()` take part.

/** The attribute that names a control whose early tap is replayed. */
const ATTRIBUTE = 'data-early-tap';

/** Props that mark a control, by a name unique on the page. */
export const earlyTap = (name: string) => ({ [ATTRIBUTE]: name });

/** The part of the pre-paint script that remembers the tap (plain ES5: it runs before any bundle). */
export function earlyTapRecorder(): string {
  return `document.addEventListener('click', function (event) {
    if ('hydrating' in root.dataset || 'interactive' in root.dataset) return;
    var control = event.target.closest && event.target.closest('[${ATTRIBUTE}]');
    if (control) root.dataset.earlyTap = control.getAttribute('${ATTRIBUTE}');
  }, true);`;
}

/** Marks that React now handles taps; called right before hydration starts. */
export function stopRecordingEarlyTaps(): void {
  document.documentElement.dataset.hydrating = '';
}

/** Taps the remembered control again, once the app responds to it. */
export function replayEarlyTap(): void {
  const root = document.documentElement;
  const name = root.dataset.earlyTap;
  delete root.dataset.earlyTap;
  if (name) document.querySelector<HTMLElement>(`[${ATTRIBUTE}="${CSS.escape(name)}"]`)?.click();
}
