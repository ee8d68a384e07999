import { ArrowBackIcon } from '../../components/ui/icons/ArrowBackIcon.ts';
import { RestoreIcon } from '../../components/ui/icons/RestoreIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { PART } from '../../components/ui/selectors.ts';
import { useState } from 'react';
import type { TeamInsight } from '../../../shared/schemas/insight.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useRestoreTeam } from './api/restore-team.ts';
import { useTeamInsight } from './api/get-team-insight.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDate } from './format.ts';
import { McpCard } from './McpCard.tsx';
import { AmountsCard } from './team/AmountsCard.tsx';
import { AuditLogCard } from './team/AuditLogCard.tsx';
import { OpenInvoicesCard } from './team/OpenInvoicesCard.tsx';
import { OutboxCard } from './team/OutboxCard.tsx';
import { DeleteTeamCard } from './team/DeleteTeamCard.tsx';
import { ExtrasCard } from './team/ExtrasCard.tsx';
import { LiveLoginCard } from './team/LiveLoginCard.tsx';
import { PromotionCard } from './team/PromotionCard.tsx';
import { TariffCard } from './team/TariffCard.tsx';
import { TrialCard } from './team/TrialCard.tsx';
import { INSIGHT_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

interface Props {
  teamUuid: string;
  /** Back to the list (the arrow; also after the team was deleted). */
  onBack: () => void;
}

/** The action view of one team (docs/product/operator-area.md): titled with its name, the cards in the spec's order. */
export function TeamView({ teamUuid, onBack }: Props) {
  const detail = useTeamInsight(teamUuid);
  const team = detail.data;
  useDocumentTitle(team?.name ?? INSIGHT_TEXTS.teamLoading);

  let body;
  if (detail.isPending) {
    body = (
      <Box aria-busy aria-label={INSIGHT_TEXTS.teamLoading} sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={200} />
        ))}
      </Box>
    );
  } else if (!team) {
    body = (
      <LoadFailed query={detail} text={INSIGHT_TEXTS.teamLoadFailed} />
    );
  } else {
    body = <TeamCards team={team} onDeleted={onBack} />;
  }

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: { xs: 3, sm: 4 } }}>
        <IconButton onClick={onBack} aria-label={INSIGHT_TEXTS.back} sx={{ mt: { xs: 0, sm: 0.25 }, ml: -1 }}>
          <ArrowBackIcon />
        </IconButton>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {team?.name ?? INSIGHT_TEXTS.teamLoading}
          </Typography>
          {team && <TeamFacts team={team} />}
        </Box>
      </Box>
      {body}
    </>
  );
}

function TeamFacts({ team }: { team: TeamInsight }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }} data-testid="insight-owner">
        {team.owner ? INSIGHT_TEXTS.owner(team.owner.name, team.owner.email) : INSIGHT_TEXTS.noOwner}
      </Typography>
      <Chip size="small" label={INSIGHT_TEXTS.planChip(team.plan_slug)} data-testid="insight-plan" />
      <Chip size="small" variant="outlined" label={INSIGHT_TEXTS.providerChip(team.billing_provider)} />
      {team.deleted_at && <Chip size="small" color="error" variant="outlined" label={INSIGHT_TEXTS.deletedChip} />}
    </Box>
  );
}

function TeamCards({ team, onDeleted }: { team: TeamInsight; onDeleted: () => void }) {
  const deleted = team.deleted_at !== null;
  // Each card starts again from what the server holds once its values changed there.
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {deleted && <DeletedAlert team={team} />}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'stretch' }}>
        <TariffCard key={`tariff-${team.currentPriceId}`} team={team} disabled={deleted} />
        <AmountsCard
          key={`amounts-${team.amount_mikas}-${team.amount_users}-${team.amount_public_licences}`}
          team={team}
          disabled={deleted}
        />
        <PromotionCard team={team} disabled={deleted} />
        <ExtrasCard team={team} disabled={deleted} />
        <LiveLoginCard team={team} disabled={deleted} />
        <DeleteTeamCard team={team} disabled={deleted} onDeleted={onDeleted} />
        <TrialCard key={`trial-${team.trial_ends_at ?? ''}`} team={team} disabled={deleted} />
        {!deleted && <McpCard team={team} />}
        <OpenInvoicesCard teamUuid={team.uuid} />
        <OutboxCard teamUuid={team.uuid} />
        <AuditLogCard teamUuid={team.uuid} />
      </Box>
    </Box>
  );
}

function DeletedAlert({ team }: { team: TeamInsight }) {
  const [confirming, setConfirming] = useState(false);
  const restore = useRestoreTeam(team.uuid);
  return (
    <Alert
      severity="warning"
      data-testid="insight-deleted"
      action={
        team.purge_at ? (
          <Button color="inherit" size="small" startIcon={<RestoreIcon />} onClick={() => setConfirming(true)} sx={{ whiteSpace: 'nowrap' }}>
            {INSIGHT_TEXTS.restore}
          </Button>
        ) : undefined
      }
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, [PART.alertAction]: { alignItems: 'center' } }}
    >
      <AlertTitle>{INSIGHT_TEXTS.deletedTitle}</AlertTitle>
      {INSIGHT_TEXTS.deletedText(formatDate(team.deleted_at), team.purge_at ? formatDate(team.purge_at) : null)} {INSIGHT_TEXTS.deletedActions}
      {confirming && (
        <ConfirmDialog
          title={INSIGHT_TEXTS.restoreTitle}
          text={INSIGHT_TEXTS.restoreText(team.name)}
          confirmLabel={INSIGHT_TEXTS.restore}
          pending={restore.isPending}
          onConfirm={() =>
            void restore
              .mutateAsync()
              .then((result) => showSuccess(result.message))
              // The api client has shown the server's message.
              .catch(() => undefined)
              .finally(() => setConfirming(false))
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </Alert>
  );
}
