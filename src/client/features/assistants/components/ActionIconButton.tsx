import type { ReactNode } from 'react';
import { Hint } from '../../../components/ui/Hint.tsx';
import type { ActionState } from '../assistant-rules.ts';

interface Props {
  actionState: ActionState;
  onClick: () => void;
  /** Extra classes of the button (office.css: use, quiet, delete). */
  className?: string;
  small?: boolean;
  children: ReactNode;
}

/** The tooltip of an action: its label, or why it is disabled. */
export function actionTooltip(action: ActionState): ReactNode {
  if (!action.reason) return action.label;
  if (!action.comingSoon) return action.reason;
  return (
    <>
      <span style={{ display: 'block', fontWeight: 600 }}>{action.label}</span>
      {action.reason}
    </>
  );
}

/**
 * An icon button for an assistant action. A disabled button gets no pointer events, so the
 * tooltip sits on a wrapper that still explains why the action is unavailable.
 */
export function ActionIconButton({ actionState: action, onClick, className, small = false, children }: Props) {
  const classes = ['icon-btn', small && 'small', className].filter(Boolean).join(' ');
  return (
    <Hint title={actionTooltip(action)} disabled={action.disabled} label={action.reason ? `${action.label}: ${action.reason}` : action.label}>
      <button type="button" className={classes} onClick={onClick} aria-label={action.label} disabled={action.disabled}>
        {children}
      </button>
    </Hint>
  );
}
