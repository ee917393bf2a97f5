// Base styles first, so component styles loaded after them win at equal specificity.
import './styles/base.css';
import './styles/controls.css';
import './styles/layout.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('Element #root fehlt in index.html');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
