import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { IconButtonProps } from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { Hint } from '../../../components/Hint.tsx';
import type { ActionState } from '../assistant-rules.ts';

interface Props extends Omit<IconButtonProps, 'disabled' | 'aria-label' | 'title'> {
  actionState: ActionState;
  children: ReactNode;
}

/** The tooltip of an action: its label, or why it is disabled. */
export function actionTooltip(action: ActionState): ReactNode {
  if (!action.reason) return action.label;
  if (!action.comingSoon) return action.reason;
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {action.label}
      </Box>
      {action.reason}
    </>
  );
}

/**
 * An icon button for an assistant action. A disabled button gets no pointer events, so the
 * tooltip sits on a wrapper that still explains why the action is unavailable.
 */
export function ActionIconButton({ actionState: action, children, ...rest }: Props) {
  return (
    <Hint title={actionTooltip(action)} disabled={action.disabled} label={action.reason ? `${action.label}: ${action.reason}` : action.label}>
      <IconButton {...rest} aria-label={action.label} disabled={action.disabled}>
        {children}
      </IconButton>
    </Hint>
  );
}
