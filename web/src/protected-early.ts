// The protected page's early script, a file of its own only its HTML names (scripts/prerender.mjs)
// and started after the largest paint with the app's entry, like every page's scripts
// (hydration/deferred-entry.ts): it takes an access link's code out of the address and the
// history, and starts the exchange and the document list through the site's API client
// (api/early-calls.ts), so both answers are on their way while the app's larger files load;
// unless the app came first, which makes its own calls.
// (The frame's first paint knows of the link from the pre-paint script.)
import { startEarlyCalls } from './api/early-calls';
import { claimAccessCode, takeAccessCode } from './auth/access-link';
import { readSession } from './auth/session-storage';

takeAccessCode();
const code = claimAccessCode();
const session = readSession();
startEarlyCalls(code, session.isAuthenticated ? session.token : null);
