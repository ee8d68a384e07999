import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/LogoutRounded';
import { Fragment } from 'react';
import { MikaLogo } from '../../components/MikaLogo.tsx';
import { T } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { initials } from './initials.ts';
import { NAV_ENTRIES } from './nav-entries.ts';
import { DEFAULT_SECTION, sectionPath } from './sections.ts';
import { AssistantNavRows } from '../assistants/AssistantNavRows.tsx';

export const NAV_WIDTH = 272;

interface Props {
  user: CurrentUser;
  activeSection: string;
  /** 'permanent' on wide screens, 'temporary' (opened by the menu button) below ~900 px. */
  variant: 'permanent' | 'temporary';
}

function NavContent({
  user,
  activeSection,
  onNavigate,
}: Omit<Props, 'variant'> & { onNavigate: () => void }) {
  const entries = NAV_ENTRIES.filter((entry) => entry.visible(user));
  return (
    <Box
      component="nav"
      aria-label={T.navLabel}
      data-testid="side-nav"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', width: NAV_WIDTH }}
    >
      <Box sx={{ px: 2.5, height: 64, display: 'flex', alignItems: 'center', flexShrink: 0 }}>
        <MikaLogo size={32} />
      </Box>

      {/* The profile entry: the account this session belongs to; opens the own profile. */}
      <ButtonBase
        data-testid="nav-profile"
        href={`/User?view=edit&user=${encodeURIComponent(user.uuid)}`}
        onClick={onNavigate}
        sx={(theme) => ({
          mx: 1.5,
          mt: 1,
          mb: 2,
          p: 1.5,
          borderRadius: '14px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-start',
          textAlign: 'left',
          gap: 1.5,
          bgcolor: theme.palette.surface.raised,
          border: `1px solid ${theme.palette.divider}`,
          transition: theme.transitions.create(['border-color', 'background-color']),
          '&:hover, &.Mui-focusVisible': { borderColor: 'rgba(255, 255, 255, 0.24)' },
        })}
      >
        <Avatar
          sx={{
            width: 40,
            height: 40,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.9375rem',
            fontWeight: 700,
          }}
        >
          {initials(user.name)}
        </Avatar>
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
            <span className="visually-hidden">{T.navProfilePrefix} </span>
            {user.name}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {user.teamName}
          </Typography>
        </Box>
      </ButtonBase>

      <List sx={{ px: 1.5, py: 0, flex: 1, overflowY: 'auto' }}>
        {entries.map(({ section, label, icon: Icon }) => {
          const selected = section === activeSection;
          return (
            <Fragment key={section}>
              <Box component="li" sx={{ listStyle: 'none' }}>
                <ListItemButton
                  href={sectionPath(section)}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={{ mb: 0.5, py: 1 }}
                >
                  <ListItemIcon sx={{ color: selected ? 'primary.main' : 'text.secondary' }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={label}
                    slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 500 } } }}
                  />
                </ListItemButton>
              </Box>
              {section === DEFAULT_SECTION && <AssistantNavRows user={user} onNavigate={onNavigate} />}
            </Fragment>
          );
        })}
      </List>

      <Divider />
      <List sx={{ px: 1.5, py: 1.5 }}>
        <Box component="li" sx={{ listStyle: 'none' }}>
          <ListItemButton href="/logout" onClick={onNavigate} sx={{ py: 1 }}>
            <ListItemIcon sx={{ color: 'text.secondary' }}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={T.navLogout} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
          </ListItemButton>
        </Box>
      </List>
    </Box>
  );
}

/** The left side navigation: data-driven entries filtered by role, profile header and Logout. */
export function SideNav({ user, activeSection, variant }: Props) {
  const open = useUiStore((state) => state.mobileNavOpen);
  const setOpen = useUiStore((state) => state.setMobileNavOpen);

  if (variant === 'permanent') {
    return (
      <Drawer
        variant="permanent"
        open
        sx={{
          width: NAV_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <NavContent user={user} activeSection={activeSection} onNavigate={() => undefined} />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={() => setOpen(false)}
      slotProps={{
        paper: { sx: { width: NAV_WIDTH }, role: 'dialog', 'aria-modal': true, 'aria-label': T.navLabel },
      }}
    >
      <NavContent user={user} activeSection={activeSection} onNavigate={() => setOpen(false)} />
    </Drawer>
  );
}
