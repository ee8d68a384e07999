import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/MenuRounded';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { MikaMark } from '../../components/MikaMark.tsx';
import { readLiveLoginMarker } from '../../lib/browser-storage.ts';
import { T } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { ROLE } from './roles.ts';
import { TrialCountdown } from './TrialCountdown.tsx';
import { initials } from './initials.ts';

interface Props {
  user: CurrentUser;
  /** Left offset of the bar (the permanent drawer's width on wide screens). */
  offset: number;
  /** Narrow screens: show the menu button for the temporary drawer. */
  showMenuButton: boolean;
}

/** The live-login team, from the server or the browser's marker; null when no live login is active. */
function liveLoginTeam(user: CurrentUser): string | null {
  if (user.liveLogin) return user.liveLogin.teamName;
  const marker = readLiveLoginMarker();
  return marker ? marker.teamName || user.teamName : null;
}

/** The office's top bar in one of its three variants (spec 03 §2). */
export function TopBar({ user, offset, showMenuButton }: Props) {
  const toggleMobileNav = useUiStore((state) => state.toggleMobileNav);
  const liveTeam = liveLoginTeam(user);

  let content;
  if (liveTeam !== null) {
    content = (
      <Box
        role="status"
        data-testid="live-login-banner"
        sx={(theme) => ({
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          px: { xs: 1.5, sm: 2 },
          py: { xs: 0.75, sm: 1 },
          borderRadius: '10px',
          color: theme.palette.warning.light,
          bgcolor: alpha(theme.palette.warning.main, 0.14),
          border: `1px solid ${alpha(theme.palette.warning.main, 0.4)}`,
          fontWeight: 600,
        })}
      >
        <WarningIcon fontSize="small" />
        <Box
          component="span"
          sx={{
            minWidth: 0,
            fontSize: { xs: '0.8125rem', sm: '0.9375rem' },
            lineHeight: 1.35,
            overflowWrap: 'anywhere',
          }}
        >
          {T.liveLoginBanner(liveTeam)}
        </Box>
      </Box>
    );
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
