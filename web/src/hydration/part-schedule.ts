// When each part of a prerendered page hydrates (docs/architecture.md#a-page-from-first-paint-to-interactive).
// While the client hydrates a prerendered page, every part (a section of the start page) waits
// behind a gate: React keeps its HTML as it is and hydrates it once the gate opens, in a render
// and a commit of its own. A gate opens when its part nears the viewport, one part at a time; and
// at once when a visitor touches the part, before React handles the touch, so React hydrates the
// part on the spot and the touch arrives. A part the visitor never reaches stays the HTML it
// arrived as: hydrating it while the page is idle cost a slow phone's main thread more than all
// the rest of the app's start.

/** A promise React's `use` reads without suspending once `status` says it is fulfilled. */
type Gate = Promise<void> & { status?: string; open: () => void };

/** The gate of every part in the build's prerender, which renders it at once. */
const OPEN = Object.assign(Promise.resolve(), { status: 'fulfilled' });

/** How close to the viewport a part hydrates: half a screen ahead, as a visitor scrolls. */
const NEAR = '50% 0px';

/**
 * The events that start a visitor's use of a part, and those that can come without such a
 * start: a click by script or assistive technology, text put in.
 */
const TOUCHES = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'keydown', 'click', 'input'];

let holding = false;
const gates = new Map<string, Gate>();
/** Parts on the page whose gate is closed, in page order. */
let waiting: string[] = [];
const near = new Set<string>();
/** The part the schedule opened last, until its hydration has committed. */
let hydrating: string | undefined;

function gateOf(id: string): Gate {
  let gate = gates.get(id);
  if (!gate) {
    let resolve = () => {};
    const closed: Gate = Object.assign(new Promise<void>((done) => (resolve = done)), {
      open() {
        // Set before React's own listener would set it: a render in this very task reads it.
        closed.status = 'fulfilled';
        resolve();
      },
    });
    gates.set(id, (gate = closed));
  }
  return gate;
}

/** Opens a part's gate; React hydrates the part next. */
export function openPart(id: string): void {
  const gate = gateOf(id);
  if (!holding || gate.status === 'fulfilled') return;
  gate.open();
  waiting = waiting.filter((other) => other !== id);
}

function start(id: string): void {
  hydrating = id;
  openPart(id);
}

function advance(): void {
  if (hydrating || !waiting.length) return;
  const nearest = waiting.find((id) => near.has(id));
  if (nearest) start(nearest);
}

/** Every part the touched element lies in; names that are no part's open nothing that waits. */
function openTouched({ target }: Event): void {
  for (let element = target as Element | null; element; element = element.parentElement) {
    if (element.id) openPart(element.id);
  }
}

/** Before the client hydrates a prerendered page: from now on its parts wait for their gates. */
export function holdParts(): void {
  holding = true;
  for (const type of TOUCHES) document.addEventListener(type, openTouched, true);
}

/** What a part's hydrating render waits for (React's `use`). */
export function partGate(id: string): PromiseLike<void> {
  return holding ? gateOf(id) : OPEN;
}

/**
 * Schedules a part, `id` being its outermost element's; returns the function that takes it off
 * the schedule when it leaves the page.
 */
export function watchPart(id: string): () => void {
  const element = document.getElementById(id);
  if (!holding || gateOf(id).status === 'fulfilled' || !element) return () => undefined;
  waiting.push(id);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.add(id);
      advance();
    },
    { rootMargin: NEAR },
  );
  observer.observe(element);
  advance();
  return () => {
    observer.disconnect();
    waiting = waiting.filter((other) => other !== id);
    partHydrated(id);
  };
}

/** A part's hydration has committed: the next one may open. */
export function partHydrated(id: string): void {
  if (hydrating !== id) return;
  hydrating = undefined;
  advance();
}
