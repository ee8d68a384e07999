import { COMMON_TEXTS } from '../../lib/texts.ts';
import { CheckCircleIcon } from '../../components/ui/icons/CheckCircleIcon.ts';
import { StatusErrorIcon } from '../../components/ui/icons/StatusErrorIcon.ts';
import { StatusInfoIcon } from '../../components/ui/icons/StatusInfoIcon.ts';
import { StatusWarningIcon } from '../../components/ui/icons/StatusWarningIcon.ts';
import type { IconComponent } from '../../components/ui/icons/icon.tsx';
import { AuthLayout } from './light-ui.tsx';

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

/** Only paths of this app are followed: the query must not turn the page into an open redirect. */
function safeAppPath(url: string | null): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : undefined;
}

/** /feedback?status&title&message[&btnUrl&btnText] — the end of register, verify and reset flows. */
export default function FeedbackPage({ params }: { params: URLSearchParams }) {
  const tone = toneOf(params.get('status'));
  const title = params.get('title') || COMMON_TEXTS.feedbackFallbackTitle;
  const message = params.get('message') ?? '';
  const btnUrl = safeAppPath(params.get('btnUrl'));
  const btnText = params.get('btnText') || COMMON_TEXTS.toLogin;

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
