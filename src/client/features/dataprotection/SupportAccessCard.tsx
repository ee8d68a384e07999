import { Chip } from '../../components/ui/Chip.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '../../components/ui/Table.ts';
import { useState } from 'react';
import type { SupportAccess } from '../../../shared/schemas/insight.ts';
import { useSupportAccess } from './api/get-support-access.ts';
import { DATA_PROTECTION_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

const dateTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const format = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

/** Datenschutz → Support-Zugriffe: every live login of support into the team, and what it changed. */
export function SupportAccessCard() {
  const access = useSupportAccess();
  // "läuft" is judged against the moment the card opened; an expired access shows its planned end.
  const [now] = useState(() => Date.now());

  let body;
  if (access.isPending) {
    body = <Skeleton variant="rounded" height={96} aria-busy aria-label={DATA_PROTECTION_TEXTS.supportLoading} sx={{ mx: { xs: 2.5, sm: 4 } }} />;
  } else if (access.isError) {
    body = (
      <Box sx={{ px: { xs: 2.5, sm: 4 } }}>
        <LoadFailed query={access} text={DATA_PROTECTION_TEXTS.supportLoadFailed} />
      </Box>
    );
  } else if (access.data.length === 0) {
    body = (
      <Typography sx={{ px: { xs: 2.5, sm: 4 }, color: 'text.secondary' }} data-testid="support-access-empty">
        {DATA_PROTECTION_TEXTS.supportEmpty}
      </Typography>
    );
  } else {
    body = (
      <TableContainer tabIndex={0} role="region" aria-label={DATA_PROTECTION_TEXTS.supportTable} sx={{ borderTop: 1, borderColor: 'divider' }}>
        <Table size="small" aria-label={DATA_PROTECTION_TEXTS.supportTitle} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              {[DATA_PROTECTION_TEXTS.supportStart, DATA_PROTECTION_TEXTS.supportEnd, DATA_PROTECTION_TEXTS.supportOperator, DATA_PROTECTION_TEXTS.supportReason, DATA_PROTECTION_TEXTS.supportChanges].map((label, i) => (
                <TableCell key={label} align={i === 4 ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {access.data.map((entry) => (
              <AccessRow key={`${entry.started_at}-${entry.operator}`} entry={entry} now={now} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Card component="section" aria-labelledby="support-access-title" sx={{ mt: 3, pb: 2.5 }} data-testid="support-access">
      <Box sx={{ p: { xs: 2.5, sm: 4 }, pb: { xs: 2, sm: 2.5 } }}>
        <Typography id="support-access-title" variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
          {DATA_PROTECTION_TEXTS.supportTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {DATA_PROTECTION_TEXTS.supportInfo}
        </Typography>
      </Box>
      {body}
    </Card>
  );
}

function AccessRow({ entry, now }: { entry: SupportAccess; now: number }) {
  const running = entry.ended_at === null && new Date(entry.expires_at).getTime() > now;
  return (
    <TableRow data-testid="support-access-row">
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{format(entry.started_at)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {entry.ended_at ? (
          format(entry.ended_at)
        ) : running ? (
          <Chip size="small" color="warning" variant="outlined" label={DATA_PROTECTION_TEXTS.supportRunning} title={DATA_PROTECTION_TEXTS.supportRunningUntil(format(entry.expires_at))} />
        ) : (
          format(entry.expires_at)
        )}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.operator}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{entry.reason || DATA_PROTECTION_TEXTS.supportNoReason}</TableCell>
      <TableCell align="right">{entry.changes}</TableCell>
    </TableRow>
  );
}
