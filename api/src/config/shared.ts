// What the native stack and the delivery tests take from the API's
// configuration (`api/config` in package.json's exports), so they never reach
// into api/src by relative path: the names the API reads, where its sample
// documents are, and the one reader of .env files.
export { CONFIG_KEYS } from './app-config';
export { DEFAULT_DOCUMENTS_DIR } from './paths';
export { readEnvFile } from './env-file';
