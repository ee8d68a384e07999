import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { GlobalLoader } from '../components/GlobalLoader.tsx';
import { GlobalSnackbar } from '../components/GlobalSnackbar.tsx';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './router.tsx';

/**
 * The office. No MUI at this level: the page base, the shell and the library have static styles
 * (app/office/office.css); MUI screens bring their theme (lib/lazy-mui.tsx, decision 026).
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
        <GlobalSnackbar />
        <GlobalLoader />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
