import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

const page = h('main', null, h('h1', null, 'Referenzseite'));
createRoot(document.getElementById('root')).render(
  h(BrowserRouter, null, h(Routes, null, h(Route, { path: '*', element: page }))),
);
