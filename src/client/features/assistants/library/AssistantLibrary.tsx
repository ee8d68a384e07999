import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { useDeferredValue, useState } from 'react';
import type { AssistantSummary } from '../../../../shared/schemas/assistants.ts';
import { SectionHeader } from '../../../components/SectionHeader.tsx';
import { useAssistantView } from '../../../lib/assistant-view.ts';
import type { CurrentUser } from '../../../state/user-store.ts';
import { canDeleteAssistant, createActionState, overLimitMessage } from '../assistant-rules.ts';
import { DeleteAssistantDialog } from '../components/DeleteAssistantDialog.tsx';
import { TA } from '../texts.ts';
import { useLibraryState } from '../use-library-state.ts';
import { AssistantCard } from './AssistantCard.tsx';
import { LibrarySkeleton } from './LibrarySkeleton.tsx';
import { NewAssistantCard } from './NewAssistantCard.tsx';

/** Spec 01 §9: 3 cards per row, 2 below a window width of 1280 px (1 on phones). */
const GRID_SX = {
  display: 'grid',
  gap: { xs: 2, sm: 2.5 },
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  '@media (max-width: 1279.98px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  '@media (max-width: 599.98px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
} as const;

/** The assistant library (list view): cards with their actions, the plan limit and the "new" card. */
export function AssistantLibrary({ user }: { user: CurrentUser }) {
  const { open } = useAssistantView();
  const { assistants, limit } = useLibraryState();
  const [toDelete, setToDelete] = useState<AssistantSummary | null>(null);
  const create = createActionState(user, limit);
  const overLimit = overLimitMessage(limit);
  const list = assistants.data ?? [];
  // The first cards render deferred, i.e. time-sliced (as OfficePage's shell; docs/decisions/012).
  const pending = !useDeferredValue(!assistants.isPending);

  return (
    <>
      <SectionHeader title={TA.libraryTitle} subtitle={TA.librarySubtitle} />

      {overLimit && (
        <Alert severity="warning" variant="outlined" sx={{ mb: 3 }} data-testid="over-limit">
          {overLimit}
        </Alert>
      )}

      {assistants.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void assistants.refetch()}>
              {TA.retry}
            </Button>
          }
        >
          {TA.libraryLoadError}
        </Alert>
      ) : (
        <>
          {!pending && assistants.isSuccess && list.length === 0 && <EmptyLibrary isAdmin={user.is_admin} />}
          <Box sx={GRID_SX} data-testid="assistant-grid">
            {pending ? (
              <LibrarySkeleton />
            ) : (
              list.map((assistant) => (
                <AssistantCard
                  key={assistant.uuid}
                  assistant={assistant}
                  limit={limit}
                  onUse={() => open(assistant.type, assistant.uuid)}
                  onEdit={() => open('edit', assistant.uuid)}
                  onDelete={
                    limit.exceeded && canDeleteAssistant(user, assistant)
                      ? () => setToDelete(assistant)
                      : undefined
                  }
                />
              ))
            )}
            {create.visible && !pending && (
              <NewAssistantCard action={create} onCreate={() => open('create')} />
            )}
          </Box>
        </>
      )}

      <DeleteAssistantDialog assistant={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

function EmptyLibrary({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Card sx={{ p: { xs: 3, sm: 5 }, mb: 3, textAlign: 'center' }} data-testid="library-empty">
      <Box
        sx={(theme) => ({
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '18px',
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
          bgcolor: alpha(theme.palette.primary.main, 0.14),
        })}
      >
        <AutoAwesomeIcon sx={{ fontSize: 32 }} />
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {TA.emptyTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto' }}>
        {isAdmin ? TA.emptyTextAdmin : TA.emptyTextEmployee}
      </Typography>
    </Card>
  );
}
