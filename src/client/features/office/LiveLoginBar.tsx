import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import LogoutIcon from '@mui/icons-material/LogoutRounded';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { T } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { useState } from 'react';
import { endLiveLogin } from '../insight/api/end-live-login.ts';

type LiveLogin = NonNullable<CurrentUser['liveLogin']>;

const timeFormat = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });

function endTime(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : timeFormat.format(date);
}

/**
 * Top bar variant 1 (spec 03 §2): the operator works inside another team by live login. Names the
 * team and the end, and ends the live login (back to Insight). Part of the office's chunk: a lazy
 * chunk of its own made the library load more, not less (Rollup splits the shared chunks anew).
 */
export function LiveLoginBar({ liveLogin }: { liveLogin: LiveLogin }) {
  const [busy, setBusy] = useState(false);
  const until = endTime(liveLogin.expiresAt);
  // After success the page is on its way to Insight: the button keeps spinning until then. A
  // failure has shown the server's message (api-client).
  const end = () => {
    setBusy(true);
    endLiveLogin().catch(() => setBusy(false));
  };
  return (
    <Box
      data-testid="live-login-banner"
      sx={(theme) => ({
        flex: 1,
        minWidth: 0,
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1, sm: 1.5 },
        pl: { xs: 1.25, sm: 2 },
        pr: { xs: 0.75, sm: 1 },
        py: 0.75,
        borderRadius: '10px',
        color: theme.palette.warning.light,
        bgcolor: alpha(theme.palette.warning.main, 0.14),
        border: `1px solid ${alpha(theme.palette.warning.main, 0.4)}`,
      })}
    >
      <WarningIcon fontSize="small" sx={{ flexShrink: 0 }} />
      <Box role="status" sx={{ minWidth: 0, flex: 1, lineHeight: 1.3 }}>
        <Typography
          component="span"
          sx={{ display: 'block', fontWeight: 600, fontSize: { xs: '0.8125rem', sm: '0.9375rem' }, lineHeight: 1.3, overflowWrap: 'anywhere' }}
        >
          {T.liveLoginBanner(liveLogin.teamName)}
        </Typography>
        {until && (
          // On a phone there is no room for the end as well: the team comes first.
          <Typography component="span" data-testid="live-login-until" sx={{ display: { xs: 'none', sm: 'block' }, fontSize: '0.75rem', lineHeight: 1.3, opacity: 0.85 }}>
            {T.liveLoginUntil(until)}
          </Typography>
        )}
      </Box>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        startIcon={<LogoutIcon />}
        loading={busy}
        onClick={end}
        aria-label={T.liveLoginEnd}
        sx={{
          flexShrink: 0,
          whiteSpace: 'nowrap',
          px: { xs: 1, sm: 1.5 },
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {T.liveLoginEnd}
        </Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
          {T.liveLoginEndShort}
        </Box>
      </Button>
    </Box>
  );
}
