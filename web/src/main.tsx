// Base styles first, so component styles loaded after them win at equal specificity.
import './styles/base.css';
import './styles/controls.css';
import './styles/layout.css';
import { afterFirstPaint } from './hydration/after-first-paint';

const root = document.getElementById('root');
if (!root) throw new Error('Element #root fehlt in index.html');

const start = () => void import('./start-app').then(({ startApp }) => startApp(root));

// A prerendered page (/, /all-projects) is readable before its app arrives; the SPA shell is empty.
if (root.hasChildNodes()) afterFirstPaint(start);
else start();
