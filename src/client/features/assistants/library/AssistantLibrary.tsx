import { Suspense, useDeferredValue, useState, type ComponentProps } from 'react';
import { AutoAwesomeIcon } from '../../../components/ui/icons/AutoAwesomeIcon.ts';
import { LightAlert } from '../../../components/ui/LightAlert.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import type { AssistantSummary } from '../../../../shared/schemas/assistants.ts';
import { SectionHeader } from '../../../components/SectionHeader.tsx';
import { useAssistantView } from '../../../lib/assistant-view.ts';
import type { CurrentUser } from '../../../state/user-store.ts';
import { canDeleteAssistant, createActionState, overLimitMessage } from '../assistant-rules.ts';
import { lazyMui } from '../../../lib/lazy-mui.tsx';
import type { DeleteAssistantDialog as DeleteDialog } from '../components/DeleteAssistantDialog.tsx';
import { TA } from '../texts.ts';
import { useLibraryState } from '../use-library-state.ts';
import { AssistantCard } from './AssistantCard.tsx';
import { LibrarySkeleton } from './LibrarySkeleton.tsx';
import { NewAssistantCard } from './NewAssistantCard.tsx';

// The confirmation is an MUI dialog: it loads when a card asks for it (docs/decisions/026).
const DeleteAssistantDialog = lazyMui<ComponentProps<typeof DeleteDialog>>(() =>
  import('../components/DeleteAssistantDialog.tsx').then((m) => ({ default: m.DeleteAssistantDialog })),
);

/**
 * The assistant library (list view): cards with their actions, the plan limit and the "new" card.
 * Static styles (office.css); spec 01 §9: 3 cards per row, 2 below a window width of 1280 px (1 on
 * phones).
 */
export function AssistantLibrary({ user }: { user: CurrentUser }) {
  const { open } = useAssistantView();
  const { assistants, limit } = useLibraryState();
  const [toDelete, setToDelete] = useState<AssistantSummary | null>(null);
  // Mounted from the first request on, so that closing keeps MUI's transition.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const create = createActionState(user, limit);
  const overLimit = overLimitMessage(limit);
  const list = assistants.data ?? [];
  // The first cards render deferred, i.e. time-sliced (as OfficePage's shell; docs/decisions/012).
  const pending = !useDeferredValue(!assistants.isPending);

  return (
    <>
      <SectionHeader title={TA.libraryTitle} subtitle={TA.librarySubtitle} />

      {overLimit && (
        <LightAlert severity="warning" outlined className="library-alert" data-testid="over-limit">
          {overLimit}
        </LightAlert>
      )}

      {assistants.isError ? (
        <LoadFailed query={assistants} text={TA.libraryLoadError} />
      ) : (
        <>
          {!pending && assistants.isSuccess && list.length === 0 && <EmptyLibrary isAdmin={user.is_admin} />}
          <div className="library-grid" data-testid="assistant-grid">
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
                      ? () => {
                          setDeleteAsked(true);
                          setToDelete(assistant);
                        }
                      : undefined
                  }
                />
              ))
            )}
            {create.visible && !pending && (
              <NewAssistantCard action={create} onCreate={() => open('create')} />
            )}
          </div>
        </>
      )}

      {deleteAsked && (
        <Suspense fallback={null}>
          <DeleteAssistantDialog assistant={toDelete} onClose={() => setToDelete(null)} />
        </Suspense>
      )}
    </>
  );
}

function EmptyLibrary({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="card library-empty" data-testid="library-empty">
      <div className="library-empty-icon">
        <AutoAwesomeIcon size={32} />
      </div>
      <h2 className="t-h6">{TA.emptyTitle}</h2>
      <p className="t-body1 t-secondary">{isAdmin ? TA.emptyTextAdmin : TA.emptyTextEmployee}</p>
    </div>
  );
}
