import { DeleteIcon } from '../../../components/ui/icons/DeleteIcon.ts';
import { SettingsIcon } from '../../../components/ui/icons/SettingsIcon.ts';
import { MoreVertIcon } from '../../../components/ui/icons/MoreVertIcon.ts';
import type { AssistantSummary } from '../../../../shared/schemas/assistants.ts';
import { TYPE_COLORS, TYPE_ICONS } from '../../../components/assistant-icons.ts';
import { cutRole, editActionState, primaryActionState, type LimitState } from '../assistant-rules.ts';
import { ActionIconButton } from '../components/ActionIconButton.tsx';
import { AssistantAvatar } from '../../../components/AssistantAvatar.tsx';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { Hint } from '../../../components/ui/Hint.tsx';
import { useCapabilitiesQuery } from '../../../lib/chat/index.ts';

interface Props {
  assistant: AssistantSummary;
  limit: LimitState;
  onUse: () => void;
  onEdit: () => void;
  /** Shown only when deleting is the way back under the plan's limit. */
  onDelete?: () => void;
  /** Opens the further actions (an admin's "Ausblenden" on a default Mika) at the given button. */
  onMore?: (button: HTMLElement) => void;
  /** The id of the open menu of further actions, while it is open. */
  moreMenuId?: string | null;
}

/** One assistant in the library: avatar, name, type, role (cut at 55) and its actions (office.css). */
export function AssistantCard({ assistant, limit, onUse, onEdit, onDelete, onMore, moreMenuId }: Props) {
  const capabilities = useCapabilitiesQuery();
  const use = primaryActionState(assistant, limit, { imageUnavailable: capabilities.data?.image.available === false });
  const edit = editActionState(assistant, limit);
  const TypeIcon = TYPE_ICONS[assistant.type];
  // Image Mikas have no role: their card explains what they do instead.
  const role = cutRole(assistant.role || ASSISTANT_TEXTS.typeCards[assistant.type].text);

  return (
    <article aria-label={assistant.name} data-testid="assistant-card" className={`card assistant-card tone-${TYPE_COLORS[assistant.type]}`}>
      <div className="assistant-card-head">
        <AssistantAvatar assistant={assistant} size={56} radius="16px" />
        <div>
          <h2 className="t-h6 t-nowrap" title={assistant.name}>
            {assistant.name}
          </h2>
          <div className="chips">
            <span className="chip type">
              <TypeIcon size={14} />
              <span>{ASSISTANT_TEXTS.typeLabels[assistant.type]}</span>
            </span>
            {assistant.is_default === 1 && (
              <Hint title={ASSISTANT_TEXTS.defaultChipHint}>
                <span className="chip outlined" tabIndex={0} role="note" aria-label={`${ASSISTANT_TEXTS.defaultChip}: ${ASSISTANT_TEXTS.defaultChipHint}`}>
                  <span>{ASSISTANT_TEXTS.defaultChip}</span>
                </span>
              </Hint>
            )}
          </div>
        </div>
      </div>

      <p className="t-body2 t-secondary assistant-card-role" title={assistant.role.length > role.length ? assistant.role : undefined}>
        {role}
      </p>

      <div className="assistant-card-actions">
        <ActionIconButton actionState={use} onClick={onUse} className="use">
          <TypeIcon size="small" />
        </ActionIconButton>
        <span className="grow" />
        {onDelete && (
          <ActionIconButton
            actionState={{ label: ASSISTANT_TEXTS.actionDelete(assistant.name), disabled: false, reason: null, comingSoon: false }}
            onClick={onDelete}
            className="quiet delete"
          >
            <DeleteIcon size="small" />
          </ActionIconButton>
        )}
        <ActionIconButton actionState={edit} onClick={onEdit} className="quiet">
          <SettingsIcon size="small" />
        </ActionIconButton>
        {onMore && (
          <Hint title={ASSISTANT_TEXTS.actionMore(assistant.name)}>
            <button
              type="button"
              className="icon-btn quiet"
              aria-label={ASSISTANT_TEXTS.actionMore(assistant.name)}
              aria-haspopup="menu"
              aria-expanded={moreMenuId ? true : undefined}
              aria-controls={moreMenuId ?? undefined}
              onClick={(event) => onMore(event.currentTarget)}
            >
              <MoreVertIcon size="small" />
            </button>
          </Hint>
        )}
      </div>
    </article>
  );
}
