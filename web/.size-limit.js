// Budgets for what the start page loads (issue 3): the files scripts/start-page-files.mjs
// names from the build's manifest — the entry, the app it loads after the largest paint, and
// the stylesheet. Not counted: the side routes' chunks and what the page fetches once idle.
// 96 kB since issue 11: hydrating the prerendered page and its session variants cost ~0.8 kB.
import { join } from 'node:path';
import { MANIFEST_FILE, startPageFiles } from './scripts/start-page-files.mjs';

const web = import.meta.dirname;
const { scripts, styles } = startPageFiles(join(web, 'dist'), join(web, MANIFEST_FILE));

export default [
  { name: 'JavaScript für /', path: scripts, limit: '96 kB', gzip: true },
  { name: 'CSS für /', path: styles, limit: '15 kB', gzip: true },
];
