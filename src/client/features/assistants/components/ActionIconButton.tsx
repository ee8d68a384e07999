import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
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
    <Tooltip title={actionTooltip(action)} describeChild>
      <Box component="span" sx={{ display: 'inline-flex' }} data-action-wrapper="">
        <IconButton {...rest} aria-label={action.label} disabled={action.disabled}>
          {children}
        </IconButton>
      </Box>
    </Tooltip>
  );
}
