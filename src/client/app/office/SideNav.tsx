import { Fragment, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LogoutIcon } from '../../components/ui/icons/LogoutIcon.ts';
import { MikaLogo } from '../../components/MikaLogo.tsx';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { NAV_ENTRIES } from './nav-entries.ts';
import { DEFAULT_SECTION, sectionPath } from './sections.ts';
import { AssistantNavRows } from '../../features/assistants/AssistantNavRows.tsx';

interface Props {
  user: CurrentUser;
  activeSection: string;
  /** 'permanent' on wide screens, 'temporary' (opened by the menu button) below 900 px. */
  variant: 'permanent' | 'temporary';
}

function NavContent({ user, activeSection, onNavigate }: Omit<Props, 'variant'> & { onNavigate: () => void }) {
  const entries = NAV_ENTRIES.filter((entry) => entry.visible(user));
  return (
    <nav aria-label={COMMON_TEXTS.navLabel} data-testid="side-nav" className="sidenav">
      <div className="sidenav-logo">
        <MikaLogo size={32} />
      </div>

      {/* The profile entry: the account this session belongs to; opens the own profile. */}
      <Link
        data-testid="nav-profile"
        to={`/User?view=edit&user=${encodeURIComponent(user.uuid)}`}
        onClick={onNavigate}
        className="nav-profile"
      >
        <Avatar name={user.name} tone="person" size={40} fontSize="0.9375rem" />
        <div>
          <span className="t-subtitle2" style={{ display: 'block' }}>
            <span className="visually-hidden">{COMMON_TEXTS.navProfilePrefix} </span>
            {user.name}
          </span>
          <div className="t-caption t-secondary">{user.teamName}</div>
        </div>
      </Link>

      <ul className="nav-list main">
        {entries.map(({ section, label, icon: Icon }) => {
          const selected = section === activeSection;
          return (
            <Fragment key={section}>
              <li>
                <Link to={sectionPath(section)} aria-current={selected ? 'page' : undefined} onClick={onNavigate} className="nav-link">
                  <Icon size="small" />
                  <span>{label}</span>
                </Link>
              </li>
              {section === DEFAULT_SECTION && <AssistantNavRows user={user} onNavigate={onNavigate} />}
            </Fragment>
          );
        })}
      </ul>

      <hr className="nav-divider" />
      <ul className="nav-list bottom">
        <li>
          <Link to="/logout" onClick={onNavigate} className="nav-link">
            <LogoutIcon size="small" />
            <span>{COMMON_TEXTS.navLogout}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The drawer on narrow screens: a native modal dialog (focus kept inside, Escape and a click on the
 * backdrop close it, the page behind is inert), shown while the store says so.
 */
function TemporaryDrawer({ children }: { children: React.ReactNode }) {
  const open = useUiStore((state) => state.mobileNavOpen);
  const setOpen = useUiStore((state) => state.setMobileNavOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="nav-drawer"
      aria-label={COMMON_TEXTS.navLabel}
      onClose={() => setOpen(false)}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) setOpen(false);
      }}
    >
      {open && children}
    </dialog>
  );
}

/** The left side navigation: data-driven entries filtered by role, profile header and Logout (office.css). */
export function SideNav({ user, activeSection, variant }: Props) {
  const setOpen = useUiStore((state) => state.setMobileNavOpen);

  if (variant === 'permanent') {
    return (
      <div className="sidenav-docked">
        <div className="sidenav-paper">
          <NavContent user={user} activeSection={activeSection} onNavigate={() => undefined} />
        </div>
      </div>
    );
  }
  return (
    <TemporaryDrawer>
      <NavContent user={user} activeSection={activeSection} onNavigate={() => setOpen(false)} />
    </TemporaryDrawer>
  );
}
