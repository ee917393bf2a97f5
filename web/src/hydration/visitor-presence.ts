// A start page or project page is whole as HTML: the app needs to hydrate only once a visitor
// does something there. Until then it is loaded and evaluated but renders nothing, so reading
// the page costs a phone's main thread no more than a bare React app's start; the first sign of
// a visitor (a touch, a key, the mouse, a scroll) starts the hydration, which has usually
// finished before the tap that follows (docs/architecture.md#a-page-from-first-paint-to-interactive).

/** The attribute the pre-paint script sets on <html> at the first sign of a visitor. */
const ATTRIBUTE = 'data-visitor';
/** The event the pre-paint script dispatches on document right then, inside the visitor's event. */
const EVENT = 'visitor';

/**
 * What counts as a visitor's presence: every event that can start a use of the page, and a
 * scroll, which brings sections that animate as they come into view. Not a resize: browsers
 * send one while a page loads, and the layout's class follows the window without the app
 * (pre-paint-script.ts).
 */
const SIGNS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'mousedown',
  'keydown',
  'focusin',
  'click',
  'input',
  'wheel',
  'scroll',
];

/** The part of the pre-paint script that notices the visitor (plain ES5: it runs before any bundle). */
export function visitorRecorder(): string {
  return `var signs = ${JSON.stringify(SIGNS)};
  var present = function () {
    signs.forEach(function (type) { removeEventListener(type, present, true); });
    root.setAttribute('${ATTRIBUTE}', '');
    document.dispatchEvent(new Event('${EVENT}'));
  };
  signs.forEach(function (type) { addEventListener(type, present, { capture: true, passive: true }); });`;
}

/**
 * Runs `task` at the first sign of a visitor, at once if there was one already. It runs inside
 * the visitor's event, before the page's own handlers: a hydration started there lets React
 * handle that very tap or key.
 */
export function whenVisitorPresent(task: () => void): void {
  if (document.documentElement.hasAttribute(ATTRIBUTE)) task();
  else document.addEventListener(EVENT, task, { once: true });
}
