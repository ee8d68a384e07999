import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../components/light.css';
import '../components/ui/avatar.css';
import { PublicMuiScope } from '../components/mui/public-scope.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { GlobalSnackbar } from '../components/GlobalSnackbar.tsx';
import { queryClient } from '../lib/query-client.ts';
import { PublicChatPage } from './PublicChatPage.tsx';

import { watchFirstInteraction } from './first-interaction.ts';

// The public chat's own small entry (chat.html): no router, no office code, no cookie before the
// visitor interacts (first-interaction.ts).
watchFirstInteraction();

const root = document.getElementById('root');
if (!root) throw new Error('Das Element #root fehlt in chat.html.');

createRoot(root).render(
  <StrictMode>
    <PublicMuiScope>
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>
          <PublicChatPage />
        </ErrorBoundary>
        <GlobalSnackbar />
      </QueryClientProvider>
    </PublicMuiScope>
  </StrictMode>,
);
