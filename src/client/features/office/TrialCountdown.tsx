import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import HourglassIcon from '@mui/icons-material/HourglassTopRounded';
import { useEffect, useState } from 'react';
import { T, formatCountdown } from '../../lib/texts.ts';

/**
 * The remaining trial time, ticking every second (spec 03 §2 variant 2), and the way to the
 * offer. Counts down from the value the server sent when the user data loaded.
 */
export function TrialCountdown({ seconds, canBook }: { seconds: number; canBook: boolean }) {
  const [endsAt] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const remaining = Math.max(0, Math.round((endsAt - now) / 1000));

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        minWidth: 0,
        flex: 1,
        justifyContent: 'flex-end',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <HourglassIcon
          sx={{ color: 'warning.main', display: { xs: 'none', sm: 'block' } }}
          fontSize="small"
        />
        <Box
          data-testid="trial-countdown"
          aria-live="off"
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            columnGap: 0.75,
            fontVariantNumeric: 'tabular-nums',
            lineHeight: 1.3,
            minWidth: 0,
          }}
        >
          <Box component="span" sx={{ color: 'text.secondary', fontSize: { xs: '0.75rem', sm: '0.875rem' } }}>
            {remaining > 0 ? `${T.trialLabel} ` : ''}
          </Box>
          <Box
            component="span"
            // On a phone the value wraps between its parts ("13 Tage 23 Std." / "59 Min. 32 Sek.") instead
            // of running under "Tarif wählen"; a number never parts from its unit.
            sx={{ fontWeight: 600, fontSize: { xs: '0.8125rem', sm: '0.9375rem' }, whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
          >
            {remaining > 0 ? formatCountdown(remaining).replace(/(\d+) /g, '$1\u00a0') : T.trialExpired}
          </Box>
        </Box>
      </Box>
      {/* Only the owner can book a plan: employees see the countdown without the button. */}
      {canBook && (
        <Button href="/Offer" variant="contained" size="small" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {T.trialChoosePlan}
        </Button>
      )}
    </Box>
  );
}
