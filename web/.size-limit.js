// Budgets for what the start page loads, so a slow phone line stays fast: the files
// scripts/start-page-files.mjs names from the build's manifest — the entry, the app it loads
// after the largest paint, and the stylesheet. Not counted: the side routes' chunks and what
// the page fetches once idle. The JavaScript budget includes hydrating the prerendered page
// and its session variants (~0.8 kB).
import { join } from 'node:path';
import { MANIFEST_FILE, startPageFiles } from './scripts/start-page-files.mjs';

const web = import.meta.dirname;
const { scripts, styles } = startPageFiles(join(web, 'dist'), join(web, MANIFEST_FILE));

export default [
  { name: 'JavaScript für /', path: scripts, limit: '95 kB', gzip: true },
  { name: 'CSS für /', path: styles, limit: '15 kB', gzip: true },
];
