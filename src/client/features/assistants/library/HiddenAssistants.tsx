import { useId, useState, type Ref } from 'react';
import type { AssistantSummary } from '../../../../shared/schemas/assistants.ts';
import { AssistantAvatar } from '../../../components/AssistantAvatar.tsx';
import { TYPE_COLORS, TYPE_ICONS } from '../../../components/assistant-icons.ts';
import { VisibilityIcon } from '../../../components/ui/icons/VisibilityIcon.ts';
import { VisibilityOffIcon } from '../../../components/ui/icons/VisibilityOffIcon.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { withNameBreaks } from '../../../lib/name-breaks.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';

interface Props {
  assistants: AssistantSummary[];
  /** The uuid being shown again right now (its button waits). */
  pending: string | null;
  onShow: (assistant: AssistantSummary) => void;
  /** The link that folds the list open (focus moves there once a Mika was hidden or shown). */
  toggleRef?: Ref<HTMLButtonElement>;
}

/**
 * "Ausgeblendete Mikas" under the library, for admins whose team hid default Mikas: folded behind
 * a link, each with "Einblenden". Plain elements (office.css), like the rest of the library.
 */
export function HiddenAssistants({ assistants, pending, onShow, toggleRef }: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (assistants.length === 0) return null;
  return (
    <section className="library-hidden" data-testid="hidden-assistants" aria-label={ASSISTANT_TEXTS.hiddenTitle}>
      <button ref={toggleRef} type="button" className="btn text small" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <span className="btn-start-icon">{open ? <VisibilityOffIcon size={18} /> : <VisibilityIcon size={18} />}</span>
        {open ? ASSISTANT_TEXTS.hiddenToggleHide : ASSISTANT_TEXTS.hiddenToggleShow(assistants.length)}
      </button>
      <div id={listId} hidden={!open}>
        <h2 className="t-h6">{ASSISTANT_TEXTS.hiddenTitle}</h2>
        <p className="t-body2 t-secondary">{ASSISTANT_TEXTS.hiddenText}</p>
        <ul className="hidden-list">
          {assistants.map((assistant) => {
            const TypeIcon = TYPE_ICONS[assistant.type];
            const busy = pending === assistant.uuid;
            return (
              <li key={assistant.uuid} className={`card hidden-row tone-${TYPE_COLORS[assistant.type]}`} data-testid="hidden-assistant">
                <AssistantAvatar assistant={assistant} size={40} radius="12px" />
                <div className="hidden-row-name">
                  <span className="t-body1">{withNameBreaks(assistant.name)}</span>
                  <span className="chip type">
                    <TypeIcon size={14} />
                    <span>{ASSISTANT_TEXTS.typeLabels[assistant.type]}</span>
                  </span>
                </div>
                <button
                  type="button"
                  className={busy ? 'btn text small busy' : 'btn text small'}
                  aria-label={ASSISTANT_TEXTS.actionShowLabel(assistant.name)}
                  disabled={pending !== null}
                  onClick={() => onShow(assistant)}
                >
                  <span className="btn-start-icon">
                    <VisibilityIcon size={18} />
                  </span>
                  {ASSISTANT_TEXTS.actionShow}
                  {busy && <Spinner size={16} />}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
