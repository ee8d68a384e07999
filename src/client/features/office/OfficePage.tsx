import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, useDeferredValue, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { RouteFallback } from '../../components/RouteFallback.tsx';
import { UnauthenticatedError } from '../../lib/api-client.ts';
import { T } from '../../lib/texts.ts';
import { useUserDataQuery } from '../../lib/user-data.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { NAV_WIDTH, SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';
import { SECTIONS, resolveSection } from './sections.ts';

/**
 * The office at / and /{component}: loads the user data first, shows the top bar, the side
 * navigation and exactly one section — only once the user data has loaded (spec 01 §2).
 */
export default function OfficePage() {
  const { component } = useParams<{ component?: string }>();
  const query = useUserDataQuery();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const setMobileNavOpen = useUiStore((state) => state.setMobileNavOpen);
  // The query's answer renders synchronously (useSyncExternalStore); the shell's first render is
  // deferred instead, so React renders it time-sliced (docs/decisions/012: Total Blocking Time).
  const loaded = useDeferredValue(!query.isPending);

  // The temporary drawer closes when the screen becomes wide or another section opens.
  useEffect(() => setMobileNavOpen(false), [wide, component, setMobileNavOpen]);

  if (query.error instanceof UnauthenticatedError) return <Navigate to="/login" replace />;
  if (query.isPending || !loaded) return <RouteFallback />;
  if (!query.data) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {T.retry}
            </Button>
          }
        >
          {T.officeLoadError}
        </Alert>
      </Box>
    );
  }

  const user = query.data;
  const sectionName = resolveSection(component, user);
  const Section = SECTIONS[sectionName]!.component;
  const offset = wide ? NAV_WIDTH : 0;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content">
        {T.skipToContent}
      </a>
      <TopBar user={user} offset={offset} showMenuButton={!wide} key={query.dataUpdatedAt} />
      <SideNav user={user} activeSection={sectionName} variant={wide ? 'permanent' : 'temporary'} />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, minWidth: 0, '&:focus': { outline: 'none' } }}>
        <Toolbar sx={{ minHeight: { xs: 64 } }} />
        <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 }, px: { xs: 2, sm: 4 } }}>
          <Suspense fallback={<RouteFallback minHeight="50vh" />}>
            <Section user={user} />
          </Suspense>
        </Container>
      </Box>
    </Box>
  );
}
