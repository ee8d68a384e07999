import { COMMON_TEXTS } from '../../lib/texts.ts';
import { CheckCircleIcon } from '../../components/ui/icons/CheckCircleIcon.ts';
import { StatusErrorIcon } from '../../components/ui/icons/StatusErrorIcon.ts';
import { StatusInfoIcon } from '../../components/ui/icons/StatusInfoIcon.ts';
import { StatusWarningIcon } from '../../components/ui/icons/StatusWarningIcon.ts';
import type { IconComponent } from '../../components/ui/icons/icon.tsx';
import { AuthLayout } from './light-ui.tsx';
import { knownFeedback } from '../../../shared/feedback.ts';

type Tone = 'success' | 'error' | 'warning' | 'info';

const STATUS_ICONS: Record<Tone, IconComponent> = {
  success: CheckCircleIcon,
  error: StatusErrorIcon,
  warning: StatusWarningIcon,
  info: StatusInfoIcon,
};

function toneOf(status: string | null): Tone {
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

  const StatusIcon = STATUS_ICONS[tone];
  const icon = (
    <div className={`mk-status ${tone}`} data-testid="feedback-icon" data-status={tone}>
      <StatusIcon size={40} />
    </div>
  );

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
