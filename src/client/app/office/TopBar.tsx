import { useEffect } from 'react';
import { MenuIcon } from '../../components/ui/icons/MenuIcon.ts';
import { MikaMark } from '../../components/MikaMark.tsx';
import { readLiveLoginMarker, writeLiveLoginMarker } from '../../lib/browser-storage.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { ROLE } from './roles.ts';
import { TrialCountdown } from './TrialCountdown.tsx';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { LiveLoginBar } from './LiveLoginBar.tsx';

interface Props {
  user: CurrentUser;
  /** Narrow screens: show the menu button for the temporary drawer. */
  showMenuButton: boolean;
}

/**
 * The browser's live-login marker (docs/product/library-and-wizard.md) follows the server, which is the source of truth:
 * kept while the user data names a live login, removed once it has ended or expired.
 */
function useLiveLoginMarker(liveLogin: CurrentUser['liveLogin']) {
  useEffect(() => {
    const marker = readLiveLoginMarker();
    if (!liveLogin && marker) writeLiveLoginMarker(null);
    if (liveLogin && marker?.teamName !== liveLogin.teamName) writeLiveLoginMarker({ status: true, teamName: liveLogin.teamName });
  }, [liveLogin]);
}

/** The office's top bar in one of its three variants (docs/product/library-and-wizard.md); beside the permanent drawer on wide screens (office.css). */
export function TopBar({ user, showMenuButton }: Props) {
  const toggleMobileNav = useUiStore((state) => state.toggleMobileNav);
  useLiveLoginMarker(user.liveLogin);

  let content;
  if (user.liveLogin) {
    content = <LiveLoginBar liveLogin={user.liveLogin} />;
  } else if (user.slug === 'trial') {
    content = <TrialCountdown seconds={user.trailSecondsRemaining} canBook={ROLE.owner(user)} />;
  } else {
    content = (
      <div data-testid="top-bar-user" className="topbar-user">
        <div>
          <div className="t-subtitle2 t-nowrap">{user.name}</div>
          <div className="t-caption t-nowrap t-secondary">{user.email}</div>
        </div>
        <Avatar name={user.name} tone="person" size={36} fontSize="0.875rem" />
      </div>
    );
  }

  return (
    <header className="topbar">
      {showMenuButton && (
        <>
          <button type="button" className="icon-btn topbar-menu" onClick={toggleMobileNav} aria-label={COMMON_TEXTS.navMenu}>
            <MenuIcon />
          </button>
          <span className="topbar-mark">
            <MikaMark size={30} />
          </span>
        </>
      )}
      {content}
    </header>
  );
}
