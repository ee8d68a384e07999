import { COMMON_TEXTS } from '../../lib/texts.ts';
import { AuthLayout, StatusBadge, type StatusTone } from './light-ui.tsx';
import { knownFeedback } from '../../../shared/feedback.ts';

function toneOf(status: string | null): StatusTone {
  if (status === 'success' || status === 'error' || status === 'warning') return status;
  return 'info';
}

/**
 * /feedback?status&title&message[&btnUrl&btnText] — the end of register, verify and reset flows.
 * Only a feedback the product sends is shown (shared/feedback.ts): a query someone wrote shows the
 * neutral «Hinweis» with the way to the login, never its text or its button.
 */
export default function FeedbackPage({ params }: { params: URLSearchParams }) {
  const known = knownFeedback(params);
  const tone = toneOf(known?.status ?? null);
  const title = known?.title ?? COMMON_TEXTS.feedbackFallbackTitle;
  const message = known?.message ?? '';
  const btnUrl = known && 'btnUrl' in known ? known.btnUrl : undefined;
  const btnText = known && 'btnText' in known ? known.btnText : COMMON_TEXTS.toLogin;

  const icon = <StatusBadge tone={tone} />;

  return (
    <AuthLayout title={title} subtitle={message || undefined} icon={icon}>
      {btnUrl ? (
        <a href={btnUrl} className="mk-button contained">
          {btnText}
        </a>
      ) : (
        <a href="/login" className="mk-button outlined">
          {COMMON_TEXTS.toLogin}
        </a>
      )}
    </AuthLayout>
  );
}
