import { Skeleton } from '../../../components/ui/Skeleton.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { useTeamOutbox } from '../api/get-team-outbox.ts';
import { ActionCard } from '../ActionCard.tsx';
import { formatDateTime } from '../format.ts';
import { INSIGHT_TEXTS } from '../texts.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';

/**
 * The team's latest mails (issue 15: for instances without SMTP, support can read what Mika would
 * have sent). The server redacts every link token: support never resets a password through this.
 */
export function OutboxCard({ teamUuid }: { teamUuid: string }) {
  const outbox = useTeamOutbox(teamUuid);

  let body;
  if (outbox.isPending) {
    body = <Skeleton variant="rounded" height={96} aria-busy aria-label={INSIGHT_TEXTS.outboxLoading} />;
  } else if (outbox.isError) {
    body = (
      <LoadFailed query={outbox} text={INSIGHT_TEXTS.outboxLoadFailed} />
    );
  } else if (outbox.data.mails.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>{INSIGHT_TEXTS.outboxEmpty}</Typography>;
  } else {
    body = (
      <Box component="ul" aria-label={INSIGHT_TEXTS.outboxTitle} data-testid="insight-outbox" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {outbox.data.mails.map((mail) => (
          <Box component="li" key={mail.id} sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}>
            <Box component="details">
              <Box component="summary" sx={{ cursor: 'pointer', overflowWrap: 'anywhere' }}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {mail.subject}
                </Typography>
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
                  {INSIGHT_TEXTS.outboxTo(mail.to)} · {formatDateTime(mail.created_at)} · {INSIGHT_TEXTS.outboxStatus[mail.status] ?? mail.status}
                </Typography>
              </Box>
              <Typography
                component="pre"
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', mt: 1, mb: 0, color: 'text.secondary' }}
              >
                {mail.text}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <ActionCard id="insight-outbox" title={INSIGHT_TEXTS.outboxTitle} info={outbox.data?.smtp ? INSIGHT_TEXTS.outboxInfoSmtp : INSIGHT_TEXTS.outboxInfoLocal} wide>
      {body}
    </ActionCard>
  );
}
