import { LogoutIcon } from '../../components/ui/icons/LogoutIcon.ts';
import { WarningIcon } from '../../components/ui/icons/WarningIcon.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { useState } from 'react';
import { endLiveLogin } from '../../features/insight/api/end-live-login.ts';

type LiveLogin = NonNullable<CurrentUser['liveLogin']>;

const timeFormat = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });

function endTime(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : timeFormat.format(date);
}

/**
 * Top bar variant 1 (docs/product/chat-and-voice.md): the operator works inside another team by live login. Names the
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
    <div data-testid="live-login-banner" className="live-login">
      <WarningIcon size="small" />
      <div role="status">
        <span className="live-login-team">{COMMON_TEXTS.liveLoginBanner(liveLogin.teamName)}</span>
        {until && (
          // On a phone there is no room for the end as well: the team comes first.
          <span data-testid="live-login-until" className="live-login-until">
            {COMMON_TEXTS.liveLoginUntil(until)}
          </span>
        )}
      </div>
      <button type="button" className={`btn small outlined-warning${busy ? ' busy' : ''}`} disabled={busy} onClick={end} aria-label={COMMON_TEXTS.liveLoginEnd}>
        <span className="btn-start-icon">
          <LogoutIcon size={18} />
        </span>
        <span className="wide-only">{COMMON_TEXTS.liveLoginEnd}</span>
        <span className="narrow-only">{COMMON_TEXTS.liveLoginEndShort}</span>
        {busy && <Spinner size={16} />}
      </button>
    </div>
  );
}
