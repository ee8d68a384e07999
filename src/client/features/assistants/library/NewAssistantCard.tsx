import { AddIcon } from '../../../components/ui/icons/AddIcon.ts';
import { LockIcon } from '../../../components/ui/icons/LockIcon.ts';
import type { CreateState } from '../assistant-rules.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { Hint } from '../../../components/ui/Hint.tsx';

/** The trailing "new" card (administrators); disabled with the reason as text and tooltip. */
export function NewAssistantCard({ action, onCreate }: { action: CreateState; onCreate: () => void }) {
  const card = (
    <button
      type="button"
      onClick={onCreate}
      disabled={action.disabled}
      aria-describedby={action.reason ? 'new-assistant-reason' : undefined}
      data-testid="new-assistant-card"
      className="new-card"
    >
      <span className="new-card-icon">{action.disabled ? <LockIcon /> : <AddIcon size={30} />}</span>
      <span className="t-subtitle1">{ASSISTANT_TEXTS.newCardTitle}</span>
      <span id="new-assistant-reason" className="t-body2 t-secondary">
        {action.reason ?? ASSISTANT_TEXTS.newCardText}
      </span>
    </button>
  );
  if (!action.reason) return card;
  return (
    <Hint title={action.reason} block>
      {card}
    </Hint>
  );
}
