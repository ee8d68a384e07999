import { useState, type FormEvent } from 'react';
import { Box } from '../../components/ui/Box.ts';
import { Button } from '../../components/ui/Button.ts';
import { Card } from '../../components/ui/Card.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { ApiError } from '../../lib/api-client.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { showError, showSuccess } from '../../state/snackbar-store.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { useRenameTeam } from './api/rename-team.ts';
import { USER_TEXTS } from './texts.ts';

/**
 * The team's name on «User im Team», renamed in place by the owner (registration names the team
 * after the person: «Team Sabine Krüger»). The server checks the name and the role.
 */
export function TeamNameCard({ user }: { user: CurrentUser }) {
  const rename = useRenameTeam();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const owner = user.role === 'owner';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    rename.mutate(
      { name: draft },
      {
        onSuccess: (done) => {
          setDraft(null);
          setError(null);
          showSuccess(done.message);
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields.name?.[0] : undefined;
          if (field) setError(field);
          else if (failure instanceof ApiError) showError(failure.userMessage);
          else showError(COMMON_MESSAGES.unknownError);
        },
      },
    );
  };

  return (
    <Card sx={{ mb: 3, px: { xs: 2, sm: 3 }, py: 2 }} data-testid="team-name">
      {draft === null ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
            <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', display: 'block' }}>
              {USER_TEXTS.teamNameLabel}
            </Typography>
            <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
              {user.teamName}
            </Typography>
          </Box>
          {owner && (
            <Button variant="outlined" onClick={() => setDraft(user.teamName)}>
              {USER_TEXTS.teamRename}
            </Button>
          )}
        </Box>
      ) : (
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap' }}
        >
          <TextField
            label={USER_TEXTS.teamNameLabel}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? USER_TEXTS.teamNameHelp}
            autoFocus
            autoComplete="organization"
            sx={{ flex: '1 1 260px' }}
          />
          <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
            <Button onClick={() => setDraft(null)} disabled={rename.isPending}>
              {COMMON_TEXTS.cancel}
            </Button>
            <Button type="submit" variant="contained" loading={rename.isPending}>
              {USER_TEXTS.save}
            </Button>
          </Box>
        </Box>
      )}
    </Card>
  );
}
