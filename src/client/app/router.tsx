import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LEGAL_PAGES } from '../../shared/constants.ts';
import { RouteFallback } from '../components/RouteFallback.tsx';
import { lazyWithReload as lazy } from '../lib/lazy-with-reload.ts';

// Every screen is its own chunk (a bare MUI page is ~200 KB): only what a route needs loads.
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const ResetRequestPage = lazy(() => import('../features/auth/ResetRequestPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
const LogoutPage = lazy(() => import('../features/auth/LogoutPage.tsx'));
const FeedbackPage = lazy(() => import('../features/feedback/FeedbackPage.tsx'));
const LegalPage = lazy(() => import('../features/legal/LegalPage.tsx'));
const OfficePage = lazy(() => import('../features/office/OfficePage.tsx'));

/** The routes of spec 01 §2. Explicit paths win over the office's /:component. */
export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/reset" element={<ResetRequestPage />} />
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="/feedback" element={<FeedbackPage />} />
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
