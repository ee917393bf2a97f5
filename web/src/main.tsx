// The start-up of every page, in order, with the reason for each step:
//
// 1. The inline pre-paint script (in <head>, before the first paint) marks the stored session,
//    the viewport and an access link's address on <html>, so the prerendered page paints as this
//    visitor will see it, and remembers a tap on a header control until step 5
//    (hydration/pre-paint-script.ts, hydration/early-taps.ts).
// 2. The browser paints the prerendered HTML: text and images need no JavaScript.
// 3. The pre-paint script waits for the largest paint (hydration/after-largest-paint.ts, 3 s at
//    most) and only then adds this entry (0.3 KB) and, as a modulepreload, the app's chunk it
//    imports (start-app.tsx, with React) to the page (hydration/deferred-entry.ts): no script
//    competes with the portrait on a phone's slow line, and both files load side by side. On the
//    documents page its early script is added first (src/protected-early.ts): it takes an access
//    link's code from the address and starts the exchange and the list while the app loads;
//    should the app arrive first, it starts nothing (api/early-calls.ts).
// 4. This entry starts the app in a task of its own. On the start and project pages, whole as
//    HTML, it loads the page's code and waits: step 5 comes at the first sign of a visitor (a
//    touch, a key, the mouse, a scroll; hydration/visitor-presence.ts), so a reader costs the
//    phone no more than a bare React start. The documents and owner's pages go on at once.
// 5. startApp() hydrates inside a transition (time-sliced: no long task holds a first tap): the
//    frame (header, footer) first; each section of the start page waits, its HTML kept, and
//    hydrates on its own when it nears the viewport or when touched, a section never reached
//    never (hydration/part-schedule.ts). From here React replays taps itself.
// 6. Once the frame has hydrated, its components switch to what only the browser knows
//    (hydration/use-hydrated.ts), and InteractiveMark (hydration/interactive-mark.tsx) marks
//    <html data-interactive> (the signal the browser tests wait for) and taps the control
//    remembered in step 1 again; each section switches once it has hydrated.
// 7. When the page is idle, the project page's chunk and the text behind "Mehr über mich" are
//    fetched (hydration/when-idle.ts).
// The SPA shell (a filtered project list) has nothing to paint first: its <head>
// loads this entry at once, so it starts at step 4.

import { startApp } from './start-app';

const root = document.getElementById('root');
if (!root) throw new Error('Element #root fehlt in index.html');

// Starting in a task of its own: together with the app's evaluation it would be one long task.
setTimeout(() => void startApp(root));
