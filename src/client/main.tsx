import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { fetchCsrfCookie } from './lib/api-client.ts';

// The CSRF cookie is in place before the first state-changing call (spec 01 §7).
void fetchCsrfCookie();

const root = document.getElementById('root');
if (!root) throw new Error('Das Element #root fehlt in index.html.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
