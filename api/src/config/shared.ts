// What the native stack and the delivery tests take from the API's
// configuration (`api/config` in package.json's exports), so they never reach
// into api/src by relative path: the names the API reads, and where its
// sample documents are.
export { CONFIG_KEYS } from './app-config';
export { DEFAULT_DOCUMENTS_DIR } from './paths';
