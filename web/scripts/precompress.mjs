// The last build step: a gzip twin beside every text file of dist/ (scripts/gzip-twin.mjs).
import { fileURLToPath } from 'node:url';
import { precompressFolder } from './gzip-twin.mjs';

await precompressFolder(fileURLToPath(new URL('../dist/', import.meta.url)));
