import { Button } from '../../components/ui/Button.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { MenuItem } from '../../components/ui/MenuItem.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState } from 'react';
import { RETENTION_CHOICES, type RetentionSettings } from '../../../shared/schemas/dataprotection.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { DsgvoCard } from './DsgvoCard.tsx';
import { useRetentionQuery, useSaveRetentionMutation } from './api/retention.ts';
import { DSGVO_TEXTS, formatDateTime } from './dsgvo-texts.ts';

const UNLIMITED = 'unlimited';
const toValue = (d: number | null) => (d === null ? UNLIMITED : String(d));
const fromValue = (v: string) => (v === UNLIMITED ? null : Number(v));

function PeriodSelect({ label, value, onChange, disabled }: { label: string; value: number | null; onChange: (v: number | null) => void; disabled: boolean }) {
  return (
    <TextField select fullWidth label={label} value={toValue(value)} onChange={(e) => onChange(fromValue(e.target.value))} disabled={disabled}>
      {RETENTION_CHOICES.map((d) => (
        <MenuItem key={d} value={String(d)}>
          {DSGVO_TEXTS.days(d)}
        </MenuItem>
      ))}
      <MenuItem value={UNLIMITED}>{DSGVO_TEXTS.unlimited}</MenuItem>
    </TextField>
  );
}

function RetentionForm({ saved }: { saved: RetentionSettings }) {
  const [members, setMembers] = useState(saved.members_days);
  const [visitors, setVisitors] = useState(saved.visitors_days);
  const mutation = useSaveRetentionMutation();
  const changed = members !== saved.members_days || visitors !== saved.visitors_days;
  const save = async () => {
    try {
      const result = await mutation.mutateAsync({ members_days: members, visitors_days: visitors });
      showSuccess(result.message);
    } catch {
      // The api client has shown the server's message.
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5 }}>
        <PeriodSelect label={DSGVO_TEXTS.membersLabel} value={members} onChange={setMembers} disabled={mutation.isPending} />
        <PeriodSelect label={DSGVO_TEXTS.visitorsLabel} value={visitors} onChange={setVisitors} disabled={mutation.isPending} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 3 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="retention-last-run">
          {saved.last_run ? DSGVO_TEXTS.lastRun(formatDateTime(saved.last_run.at), saved.last_run.threads, saved.last_run.files) : DSGVO_TEXTS.neverRun}
        </Typography>
        <Button type="submit" variant="contained" disabled={!changed || mutation.isPending} loading={mutation.isPending} sx={{ minWidth: 140 }}>
          {DSGVO_TEXTS.save}
        </Button>
      </Box>
    </Box>
  );
}

/** Datenschutz → Aufbewahrung: members' and visitors' periods, and the last nightly run. */
export function RetentionCard() {
  const query = useRetentionQuery();
  return (
    <DsgvoCard id="dsgvo-retention" title={DSGVO_TEXTS.retentionTitle} text={DSGVO_TEXTS.retentionText}>
      {query.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : query.data ? (
        <RetentionForm key={`${query.data.members_days}:${query.data.visitors_days}`} saved={query.data} />
      ) : (
        <Alert severity="error">{DSGVO_TEXTS.loadError}</Alert>
      )}
    </DsgvoCard>
  );
}
