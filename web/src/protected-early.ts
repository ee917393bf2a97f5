// The protected page's early script, an external file only its HTML names (scripts/prerender.mjs),
// a classic script in <head>, so it runs before the first paint and before any other script but
// the pre-paint one: it takes an access link's code out of the address and the history, marks
// <html> for the frame's first paint, and starts the exchange and the document list through the
// site's API client (api/early-calls.ts), so both answers are on their way while the app loads.
import { startEarlyCalls } from './api/early-calls';
import { claimAccessCode, takeAccessCode } from './auth/access-link';
import { readSession } from './auth/session-storage';

takeAccessCode();
const code = claimAccessCode();
// The page's frame shows the documents page's top to a link holder from the first paint.
if (code) document.documentElement.dataset.accessLink = '';
const session = readSession();
startEarlyCalls(code, session.isAuthenticated ? session.token : null);
