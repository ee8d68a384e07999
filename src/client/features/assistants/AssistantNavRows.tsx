import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { SettingsIcon } from '../../components/ui/icons/SettingsIcon.ts';
import { useAssistantView } from '../../lib/assistant-view.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import type { AssistantSummary } from '../../../shared/schemas/assistants.ts';
import { TYPE_ICONS } from '../../components/assistant-icons.ts';
import {
  createActionState,
  editActionState,
  primaryActionState,
  type LimitState,
} from './assistant-rules.ts';
import { ActionIconButton, actionTooltip } from './components/ActionIconButton.tsx';
import { AssistantAvatar } from '../../components/AssistantAvatar.tsx';
import { ASSISTANT_TEXTS } from './texts.ts';
import { useLibraryState } from './use-library-state.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { useCapabilitiesQuery } from '../../lib/chat/index.ts';
import { withNameBreaks } from '../../lib/name-breaks.ts';

interface Props {
  user: CurrentUser;
  /** Closes the temporary drawer on phones. */
  onNavigate: () => void;
}

/**
 * The side navigation's assistant rows (docs/product/library-and-wizard.md): one per assistant with its avatar, the use
 * action of its type and the edit action; then the add button for administrators.
 */
export function AssistantNavRows({ user, onNavigate }: Props) {
  const { assistants, limit } = useLibraryState();
  const { view, assistantUuid, open } = useAssistantView();
  const go: typeof open = (next, uuid) => {
    open(next, uuid);
    onNavigate();
  };
  const create = createActionState(user, limit);

  return (
    <li>
      <ul aria-label={ASSISTANT_TEXTS.navAssistants} data-testid="nav-assistants" className="nav-list nav-assistants">
        {assistants.isPending &&
          [0, 1, 2].map((i) => (
            <li key={i} className="nav-skeleton">
              <span className="skeleton round" style={{ width: 26, height: 26 }} />
              <span className="skeleton text" style={{ width: '60%' }} />
            </li>
          ))}
        {assistants.data?.map((assistant) => (
          <NavRow
            key={assistant.uuid}
            assistant={assistant}
            limit={limit}
            active={view !== 'list' && assistantUuid === assistant.uuid}
            onOpen={go}
          />
        ))}
        {create.visible && (
          <li>
            <Hint
              title={create.reason ? actionTooltip(create) : ''}
              placement="right"
              block
              disabled={create.disabled}
              label={create.reason ? `${create.label}: ${create.reason}` : undefined}
            >
              <button type="button" className="nav-add" onClick={() => go('create')} disabled={create.disabled}>
                <span>
                  <AddIcon size={18} />
                </span>
                {ASSISTANT_TEXTS.addAssistant}
              </button>
            </Hint>
          </li>
        )}
      </ul>
    </li>
  );
}

interface RowProps {
  assistant: AssistantSummary;
  limit: LimitState;
  active: boolean;
  onOpen: ReturnType<typeof useAssistantView>['open'];
}

function NavRow({ assistant, limit, active, onOpen }: RowProps) {
  const capabilities = useCapabilitiesQuery();
  const use = primaryActionState(assistant, limit, { imageUnavailable: capabilities.data?.image.available === false });
  const edit = editActionState(assistant, limit);
  const TypeIcon = TYPE_ICONS[assistant.type];
  return (
    <li data-testid="nav-assistant" aria-current={active ? 'page' : undefined} className="nav-assistant">
      <AssistantAvatar assistant={assistant} size={26} />
      <p className="t-body2">{withNameBreaks(assistant.name)}</p>
      <ActionIconButton actionState={use} small onClick={() => onOpen(assistant.type, assistant.uuid)}>
        <TypeIcon size={18} />
      </ActionIconButton>
      {/* docs/product/library-and-wizard.md: the edit icon is always there; without the right it is disabled with the
          reason as its tooltip (default Mikas: only self-created ones can be adjusted). */}
      <ActionIconButton actionState={edit} small onClick={() => onOpen('edit', assistant.uuid)}>
        <SettingsIcon size={18} />
      </ActionIconButton>
    </li>
  );
}
