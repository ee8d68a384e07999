import { Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { AUTH_PAGE_PATHS, LEGAL_PAGES } from '../../shared/constants.ts';
import { RouteFallback } from '../components/RouteFallback.tsx';
import { lazyMui } from '../lib/lazy-mui.tsx';
import { lazyWithReload as lazy } from '../lib/lazy-with-reload.ts';

// Every screen is its own chunk (a bare MUI page is ~200 KB): only what a route needs loads. The
// office page itself has static styles; its MUI sections load with the theme (lib/lazy-mui.tsx).
const LogoutPage = lazyMui(() => import('../features/auth/LogoutPage.tsx'));
const LegalPage = lazyMui(() => import('../features/legal/LegalPage.tsx'));
const OfficePage = lazy(() => import('./office/OfficePage.tsx'));

/**
 * The sign-in screens and /feedback are their own light page (auth.html, docs/decisions/012): a link
 * or redirect of the office to one of them loads that page from the server.
 */
function FullPageLoad() {
  const { pathname, search } = useLocation();
  useEffect(() => window.location.replace(pathname + search), [pathname, search]);
  return <RouteFallback />;
}

/** The routes of docs/product/library-and-wizard.md. Explicit paths win over the office's /:component. */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Routes>
        {AUTH_PAGE_PATHS.map((path) => (
          <Route key={path} path={path === '/reset-password' ? `${path}/:token` : path} element={<FullPageLoad />} />
        ))}
        <Route path="/logout" element={<LogoutPage />} />
        {LEGAL_PAGES.map((page) => (
          <Route key={page} path={`/${page}`} element={<LegalPage page={page} />} />
        ))}
        <Route path="/" element={<OfficePage />} />
        <Route path="/:component" element={<OfficePage />} />
        <Route path="*" element={<OfficePage />} />
      </Routes>
    </Suspense>
  );
}
