import { Suspense, useDeferredValue, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { RouteFallback } from '../../components/RouteFallback.tsx';
import { UnauthenticatedError } from '../../lib/api-client.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { WIDE_SCREEN, useMediaQuery } from '../../lib/use-media-query.ts';
import { useUserDataQuery } from '../../lib/user-data.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';
import { SECTIONS, resolveSection } from './sections.ts';

/**
 * The office at / and /{component}: loads the user data first, shows the top bar, the side
 * navigation and exactly one section — only once the user data has loaded (docs/product/library-and-wizard.md). The shell
 * has static styles (office.css, docs/decisions/026).
 */
export default function OfficePage() {
  const { component } = useParams<{ component?: string }>();
  const query = useUserDataQuery();
  const wide = useMediaQuery(WIDE_SCREEN);
  const setMobileNavOpen = useUiStore((state) => state.setMobileNavOpen);
  // The query's answer renders synchronously (useSyncExternalStore); the shell's first render is
  // deferred instead, so React renders it time-sliced (docs/decisions/012: Total Blocking Time).
  const loaded = useDeferredValue(!query.isPending);

  // Every office tab of a member «Live» is for is present for the live hand-off (docs/decisions/044):
  // loaded after the first screen.
  const live = query.data?.permissions.canTakeLive === true;
  useEffect(() => {
    if (!live) return undefined;
    const timer = setTimeout(() => void import('../../features/handoff/office-live.ts').then((m) => m.startOfficeLive(), () => undefined), 1_000);
    return () => clearTimeout(timer);
  }, [live]);

  // The temporary drawer closes when the screen becomes wide or another section opens.
  useEffect(() => setMobileNavOpen(false), [wide, component, setMobileNavOpen]);

  if (query.error instanceof UnauthenticatedError) return <Navigate to="/login" replace />;
  if (query.isPending || !loaded) return <RouteFallback />;
  if (!query.data) {
    return (
      <div className="centred-page">
        <LoadFailed query={query} text={COMMON_TEXTS.officeLoadError} />
      </div>
    );
  }

  const user = query.data;
  const sectionName = resolveSection(component, user);
  const Section = SECTIONS[sectionName]!.component;

  return (
    <div className="office">
      <a className="skip-link" href="#main-content">
        {COMMON_TEXTS.skipToContent}
      </a>
      <TopBar user={user} showMenuButton={!wide} key={query.dataUpdatedAt} />
      <SideNav user={user} activeSection={sectionName} variant={wide ? 'permanent' : 'temporary'} />
      <main id="main-content" tabIndex={-1} className="office-main">
        <div className="office-main-spacer" />
        <div className="office-container">
          <Suspense fallback={<RouteFallback minHeight="50vh" />}>
            <Section user={user} />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
