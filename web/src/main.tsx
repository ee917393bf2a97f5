// Base styles first, so component styles loaded after them win at equal specificity.
import './styles/base.css';
import './styles/controls.css';
import './styles/layout.css';
import { afterLargestPaint } from './hydration/after-largest-paint';

const root = document.getElementById('root');
if (!root) throw new Error('Element #root fehlt in index.html');

// Starting in a task of its own: together with the app's evaluation it would be one long task.
const start = () =>
  void import('./start-app').then(({ startApp }) => setTimeout(() => void startApp(root)));

// A prerendered page (/, /all-projects) is readable before its app arrives; the SPA shell is empty.
if (root.hasChildNodes()) afterLargestPaint(start);
else start();
