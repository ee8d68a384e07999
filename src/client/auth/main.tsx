import '../components/page-base.css';
import '../components/light.css';
import '../features/auth/auth.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchCsrfCookie } from '../lib/api-client.ts';
import { AuthScreen } from '../features/auth/AuthScreen.tsx';
import { GlobalSnackbar } from '../components/GlobalSnackbar.tsx';

// The sign-in screens' own small entry (auth.html): Preact, plain CSS, no router — every link is a
// full page load and the office (React + MUI) loads only after login (docs/decisions/012).
// The CSRF cookie is in place before the first state-changing call (docs/product/accounts.md).
void fetchCsrfCookie();

const root = document.getElementById('root');
if (!root) throw new Error('Das Element #root fehlt in auth.html.');

createRoot(root).render(
  <StrictMode>
    <AuthScreen path={window.location.pathname} search={window.location.search} />
    <GlobalSnackbar />
  </StrictMode>,
);
