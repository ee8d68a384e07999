import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HourglassIcon } from '../../components/ui/icons/HourglassIcon.ts';
import { COMMON_TEXTS, formatCountdown } from '../../lib/texts.ts';

/**
 * The remaining trial time, ticking every second (docs/product/library-and-wizard.md), and the way to the
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
    <div className="trial">
      <div className="trial-time">
        <HourglassIcon size="small" />
        <div data-testid="trial-countdown" aria-live="off" className="trial-countdown">
          <span>{remaining > 0 ? `${COMMON_TEXTS.trialLabel} ` : ''}</span>
          {/* On a phone the value wraps between its parts ("13 Tage 23 Std." / "59 Min. 32 Sek.") instead
              of running under "Tarif wählen"; a number never parts from its unit. */}
          <span>{remaining > 0 ? formatCountdown(remaining).replace(/(\d+) /g, '$1\u00a0') : COMMON_TEXTS.trialExpired}</span>
        </div>
      </div>
      {/* Only the owner can book a plan: employees see the countdown without the button. */}
      {canBook && (
        <Link to="/Offer" className="btn contained small">
          {COMMON_TEXTS.trialChoosePlan}
        </Link>
      )}
    </div>
  );
}
