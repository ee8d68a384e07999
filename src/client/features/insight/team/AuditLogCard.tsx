import { Button } from '../../../components/ui/Button.ts';
import { Chip } from '../../../components/ui/Chip.ts';
import { Skeleton } from '../../../components/ui/Skeleton.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { useState } from 'react';
import type { AuditEntry } from '../../../../shared/schemas/insight.ts';
import { useTeamAudit } from '../api/get-team-audit.ts';
import { ActionCard } from '../ActionCard.tsx';
import { auditActionLabel, auditDetail, formatDateTime } from '../format.ts';
import { INSIGHT_TEXTS } from '../texts.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';

const PAGE = 20;

/** The team's audit log, newest first: when, who, what (German), a compact before → after. */
export function AuditLogCard({ teamUuid }: { teamUuid: string }) {
  const audit = useTeamAudit(teamUuid);
  const [shown, setShown] = useState(PAGE);

  let body;
  if (audit.isPending) {
    body = <Skeleton variant="rounded" height={120} aria-busy aria-label={INSIGHT_TEXTS.auditLoading} />;
  } else if (audit.isError) {
    body = (
      <LoadFailed query={audit} text={INSIGHT_TEXTS.auditLoadFailed} />
    );
  } else if (audit.data.length === 0) {
    body = <Typography sx={{ color: 'text.secondary' }}>{INSIGHT_TEXTS.auditEmpty}</Typography>;
  } else {
    body = (
      <>
        <Box component="ol" aria-label={INSIGHT_TEXTS.auditTitle} data-testid="insight-audit-list" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {audit.data.slice(0, shown).map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </Box>
        {audit.data.length > shown && (
          <Box>
            <Button onClick={() => setShown((n) => n + PAGE)}>{INSIGHT_TEXTS.auditMore}</Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <ActionCard id="insight-audit" title={INSIGHT_TEXTS.auditTitle} info={INSIGHT_TEXTS.auditInfo} wide>
      {body}
    </ActionCard>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const detail = auditDetail(entry);
  return (
    <Box
      component="li"
      data-testid="insight-audit-entry"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '150px minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.25,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      <Typography variant="body2" component="div" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </Typography>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} data-testid="insight-audit-action">
            {auditActionLabel(entry.action)}
          </Typography>
          {entry.live && <Chip size="small" color="warning" variant="outlined" label={INSIGHT_TEXTS.auditLive} />}
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {entry.actor ?? INSIGHT_TEXTS.auditSystem}
          </Typography>
        </Box>
        {detail && (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }} data-testid="insight-audit-detail">
            {detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
