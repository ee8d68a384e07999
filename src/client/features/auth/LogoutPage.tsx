import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useEffect, useRef } from 'react';
import { writeLiveLoginMarker } from '../../lib/browser-storage.ts';
import { announceSession } from '../../lib/session-signal.ts';
import { queryClient } from '../../lib/query-client.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useUserStore } from '../../state/user-store.ts';
import { logout } from './auth-api.ts';

/** /logout: ends the session on the server, forgets everything client-side, then goes to /login. */
export default function LogoutPage() {
  useDocumentTitle(COMMON_TEXTS.navLogout);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      useUserStore.getState().clearUser();
      queryClient.clear();
      writeLiveLoginMarker(null);
      announceSession('');
      // A full page load so no state of the old session survives.
      window.location.replace('/login');
    };
    // Even when the call fails (session already gone, offline) the user ends up on the login.
    logout().then(finish, finish);
  }, []);

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={36} />
        <Typography sx={{ color: 'text.secondary' }}>{COMMON_TEXTS.loggingOut}</Typography>
      </Box>
    </Box>
  );
}
