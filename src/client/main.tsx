import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The order is the cascade's: light.css (shared with the sign-in page and the public chat) comes after
// the office's own styles and wins where both set the same property, as the screens were drawn with.
import './components/page-base.css';
import './components/ui/avatar.css';
import './app/office/office.css';
import './components/light.css';
import { App } from './app/App.tsx';
import { fetchCsrfCookie } from './lib/api-client.ts';

// The CSRF cookie is in place before the first state-changing call (docs/product/library-and-wizard.md).
void fetchCsrfCookie();

const root = document.getElementById('root');
if (!root) throw new Error('Das Element #root fehlt in index.html.');

// A transition render is time-sliced: React yields to the browser every few milliseconds, so the
// first render of the MUI shell on a slow phone is many short tasks instead of one long one
// (Lighthouse's Total Blocking Time, docs/decisions/012).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
