import { Button } from '../../../components/ui/Button.ts';
import { Alert } from '../../../components/ui/Alert.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { LoginIcon } from '../../../components/ui/icons/LoginIcon.ts';
import { useState } from 'react';
import type { TeamInsight } from '../../../../shared/schemas/insight.ts';
import { useStartLiveLogin } from '../api/start-live-login.ts';
import { ActionCard, CardActions } from '../ActionCard.tsx';
import { INSIGHT_TEXTS } from '../texts.ts';

/** 5. Live-Login: an optional reason and Login; the page then reloads into the team's library. */
export function LiveLoginCard({ team, disabled }: { team: TeamInsight; disabled: boolean }) {
  const [reason, setReason] = useState('');
  const start = useStartLiveLogin(team.uuid);
  // After success the page is on its way to the team: the button keeps spinning until then.
  const busy = start.isPending || start.isSuccess;
  const blocked = disabled || team.owner === null;
  return (
    <ActionCard id="insight-live-login" title={INSIGHT_TEXTS.liveLoginTitle} info={INSIGHT_TEXTS.liveLoginInfo} onSubmit={() => start.mutate(reason.trim())}>
      {team.owner === null && !disabled && <Alert severity="info">{INSIGHT_TEXTS.liveLoginNoOwner}</Alert>}
      <TextField
        label={INSIGHT_TEXTS.reason}
        helperText={INSIGHT_TEXTS.reasonHelp}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        disabled={blocked || busy}
        autoComplete="off"
        fullWidth
        htmlInput={{ maxLength: 300 }}
      />
      <CardActions>
        <Button type="submit" variant="contained" startIcon={<LoginIcon />} loading={busy} disabled={blocked}>
          {INSIGHT_TEXTS.login}
        </Button>
      </CardActions>
    </ActionCard>
  );
}
