import { Suspense, useDeferredValue, useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { AutoAwesomeIcon } from '../../../components/ui/icons/AutoAwesomeIcon.ts';
import { LightAlert } from '../../../components/ui/LightAlert.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import type { AssistantSummary } from '../../../../shared/schemas/assistants.ts';
import { SectionHeader } from '../../../components/SectionHeader.tsx';
import { useAssistantView } from '../../../lib/assistant-view.ts';
import type { CurrentUser } from '../../../state/user-store.ts';
import { canDeleteAssistant, canHideAssistant, createActionState, overLimitMessage } from '../assistant-rules.ts';
import { lazyMui } from '../../../lib/lazy-mui.tsx';
import type { DeleteAssistantDialog as DeleteDialog } from '../components/DeleteAssistantDialog.tsx';
import { useHiddenAssistants } from '../api/get-hidden-assistants.ts';
import { useSetAssistantHidden } from '../api/set-assistant-hidden.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import type { AssistantCardMenu as CardMenu } from './AssistantCardMenu.tsx';
import { HiddenAssistants } from './HiddenAssistants.tsx';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { useLibraryState } from '../use-library-state.ts';
import { AssistantCard } from './AssistantCard.tsx';
import { LibrarySkeleton } from './LibrarySkeleton.tsx';
import { NewAssistantCard } from './NewAssistantCard.tsx';

// The confirmation is an MUI dialog: it loads when a card asks for it (docs/decisions/026).
const DeleteAssistantDialog = lazyMui<ComponentProps<typeof DeleteDialog>>(() =>
  import('../components/DeleteAssistantDialog.tsx').then((m) => ({ default: m.DeleteAssistantDialog })),
);
const AssistantCardMenu = lazyMui<ComponentProps<typeof CardMenu>>(() =>
  import('./AssistantCardMenu.tsx').then((m) => ({ default: m.AssistantCardMenu })),
);

/**
 * The assistant library (list view): cards with their actions, the plan limit and the "new" card.
 * Static styles (office.css); docs/product/library-and-wizard.md: 3 cards per row, 2 below a window width of 1280 px (1 on
 * phones).
 */
export function AssistantLibrary({ user }: { user: CurrentUser }) {
  const { open } = useAssistantView();
  const { assistants, limit } = useLibraryState();
  const [toDelete, setToDelete] = useState<AssistantSummary | null>(null);
  // Mounted from the first request on, so that closing keeps MUI's transition.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const hidden = useHiddenAssistants(user.is_admin);
  const setHidden = useSetAssistantHidden();
  const [menu, setMenu] = useState<{ assistant: AssistantSummary; anchor: HTMLElement } | null>(null);
  const [menuAsked, setMenuAsked] = useState(false);
  const menuId = useId();
  const hiddenToggle = useRef<HTMLButtonElement>(null);
  // The card (or row) that had the focus is gone: it goes on to the hidden Mikas' link. Asked for
  // in a state, so that the focus moves after the render that mounts the link (a first hidden Mika
  // mounts it; a frame callback could run before that render).
  const [focusToggle, setFocusToggle] = useState(0);
  useEffect(() => {
    if (focusToggle > 0) hiddenToggle.current?.focus();
  }, [focusToggle]);
  const changeHidden = (assistant: AssistantSummary, value: boolean) =>
    setHidden.mutate(
      { uuid: assistant.uuid, hidden: value },
      {
        onSuccess: (res) => {
          showSuccess(res.message);
          setFocusToggle((n) => n + 1);
        },
      },
    );
  const create = createActionState(user, limit);
  const overLimit = overLimitMessage(limit);
  const list = assistants.data ?? [];
  // The first cards render deferred, i.e. time-sliced (as OfficePage's shell; docs/decisions/012).
  const pending = !useDeferredValue(!assistants.isPending);

  return (
    <>
      <SectionHeader title={ASSISTANT_TEXTS.libraryTitle} subtitle={ASSISTANT_TEXTS.librarySubtitle} />

      {overLimit && (
        <LightAlert severity="warning" outlined className="library-alert" data-testid="over-limit">
          {overLimit}
        </LightAlert>
      )}

      {assistants.isError ? (
        <LoadFailed query={assistants} text={ASSISTANT_TEXTS.libraryLoadError} />
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
                  onMore={
                    canHideAssistant(user, assistant)
                      ? (anchor) => {
                          setMenuAsked(true);
                          setMenu({ assistant, anchor });
                        }
                      : undefined
                  }
                  moreMenuId={menu?.assistant.uuid === assistant.uuid ? menuId : null}
                />
              ))
            )}
            {create.visible && !pending && (
              <NewAssistantCard action={create} onCreate={() => open('create')} />
            )}
          </div>
          {user.is_admin && !pending && (
            <HiddenAssistants
              assistants={hidden.data ?? []}
              toggleRef={hiddenToggle}
              pending={setHidden.isPending && setHidden.variables?.hidden === false ? setHidden.variables.uuid : null}
              onShow={(assistant) => changeHidden(assistant, false)}
            />
          )}
        </>
      )}

      {menuAsked && (
        <Suspense fallback={null}>
          <AssistantCardMenu
            id={menuId}
            anchor={menu?.anchor ?? null}
            onClose={() => setMenu(null)}
            onHide={() => menu && changeHidden(menu.assistant, true)}
          />
        </Suspense>
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
      <h2 className="t-h6">{ASSISTANT_TEXTS.emptyTitle}</h2>
      <p className="t-body1 t-secondary">{isAdmin ? ASSISTANT_TEXTS.emptyTextAdmin : ASSISTANT_TEXTS.emptyTextEmployee}</p>
    </div>
  );
}
