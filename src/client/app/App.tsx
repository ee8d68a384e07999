import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { GlobalLoader } from '../components/GlobalLoader.tsx';
import { GlobalSnackbar } from '../components/GlobalSnackbar.tsx';
import { queryClient } from '../lib/query-client.ts';
import { AppRoutes } from './router.tsx';
import { theme } from './theme.ts';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
          <GlobalSnackbar />
          <GlobalLoader />
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
