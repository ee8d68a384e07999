import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/MenuRounded';
import { useEffect } from 'react';
import { MikaMark } from '../../components/MikaMark.tsx';
import { readLiveLoginMarker, writeLiveLoginMarker } from '../../lib/browser-storage.ts';
import { T } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { ROLE } from './roles.ts';
import { TrialCountdown } from './TrialCountdown.tsx';
import { initials } from './initials.ts';
import { LiveLoginBar } from './LiveLoginBar.tsx';

interface Props {
  user: CurrentUser;
  /** Left offset of the bar (the permanent drawer's width on wide screens). */
  offset: number;
  /** Narrow screens: show the menu button for the temporary drawer. */
  showMenuButton: boolean;
}

/**
 * The browser's live-login marker (spec 03 §3) follows the server, which is the source of truth:
 * kept while the user data names a live login, removed once it has ended or expired.
 */
function useLiveLoginMarker(liveLogin: CurrentUser['liveLogin']) {
  useEffect(() => {
    const marker = readLiveLoginMarker();
    if (!liveLogin && marker) writeLiveLoginMarker(null);
    if (liveLogin && marker?.teamName !== liveLogin.teamName) writeLiveLoginMarker({ status: true, teamName: liveLogin.teamName });
  }, [liveLogin]);
}

/** The office's top bar in one of its three variants (spec 03 §2). */
export function TopBar({ user, offset, showMenuButton }: Props) {
  const toggleMobileNav = useUiStore((state) => state.toggleMobileNav);
  useLiveLoginMarker(user.liveLogin);

  let content;
  if (user.liveLogin) {
    content = <LiveLoginBar liveLogin={user.liveLogin} />;
  } else if (user.slug === 'trial') {
    content = <TrialCountdown seconds={user.trailSecondsRemaining} canBook={ROLE.owner(user)} />;
  } else {
    content = (
      <Box
        data-testid="top-bar-user"
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 1.5,
        }}
      >
        <Box sx={{ minWidth: 0, textAlign: 'right' }}>
          <Typography variant="subtitle2" noWrap>
            {user.name}
          </Typography>
          <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
            {user.email}
          </Typography>
        </Box>
        <Avatar
          sx={{
            width: 36,
            height: 36,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.875rem',
            fontWeight: 700,
          }}
        >
          {initials(user.name)}
        </Avatar>
      </Box>
    );
  }

  return (
    <AppBar position="fixed" sx={{ width: `calc(100% - ${offset}px)` }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 64 }, px: { xs: 1.5, sm: 3 } }}>
        {showMenuButton && (
          <>
            <IconButton
              onClick={toggleMobileNav}
              aria-label={T.navMenu}
              edge="start"
              sx={{ color: 'text.primary' }}
            >
              <MenuIcon />
            </IconButton>
            <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
              <MikaMark size={30} />
            </Box>
          </>
        )}
        {content}
      </Toolbar>
    </AppBar>
  );
}
