import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorIcon from '@mui/icons-material/ErrorRounded';
import InfoIcon from '@mui/icons-material/InfoRounded';
import WarningIcon from '@mui/icons-material/WarningRounded';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { T } from '../../lib/texts.ts';

type Tone = 'success' | 'error' | 'warning' | 'info';

const ICONS: Record<Tone, ReactNode> = {
  success: <CheckCircleIcon sx={{ fontSize: 40 }} />,
  error: <ErrorIcon sx={{ fontSize: 40 }} />,
  warning: <WarningIcon sx={{ fontSize: 40 }} />,
  info: <InfoIcon sx={{ fontSize: 40 }} />,
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
export default function FeedbackPage() {
  const [params] = useSearchParams();
  const tone = toneOf(params.get('status'));
  const title = params.get('title') || T.feedbackFallbackTitle;
  const message = params.get('message') ?? '';
  const btnUrl = safeAppPath(params.get('btnUrl'));
  const btnText = params.get('btnText') || T.toLogin;

  const icon = (
    <Box
      data-testid="feedback-icon"
      data-status={tone}
      sx={(theme) => ({
        width: 72,
        height: 72,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        color: theme.palette[tone].main,
        bgcolor: alpha(theme.palette[tone].main, 0.14),
        boxShadow: `0 0 0 8px ${alpha(theme.palette[tone].main, 0.06)}`,
      })}
    >
      {ICONS[tone]}
    </Box>
  );

  return (
    <AuthLayout title={title} subtitle={message || undefined} icon={icon}>
      {btnUrl ? (
        <Button href={btnUrl} variant="contained" size="large" fullWidth>
          {btnText}
        </Button>
      ) : (
        <Button href="/login" variant="outlined" size="large" fullWidth>
          {T.toLogin}
        </Button>
      )}
    </AuthLayout>
  );
}
