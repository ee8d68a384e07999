// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiDialog, { type DialogProps } from '@mui/material/Dialog';
import MuiDialogActions, { type DialogActionsProps } from '@mui/material/DialogActions';
import MuiDialogContent, { type DialogContentProps } from '@mui/material/DialogContent';
import MuiDialogContentText from '@mui/material/DialogContentText';
import MuiDialogTitle from '@mui/material/DialogTitle';
import { createElement, forwardRef } from 'react';
import type { UiComponent, UiOverridable, UiProps } from './ui-component.ts';

/** Props of our own for what screens otherwise write as MUI's `slotProps` (docs/decisions/033). */
export interface DialogOwnProps {
  /** A fixed width in px for a small dialog (a confirmation): never wider than the screen less 16 px each side. */
  paperWidth?: number;
}

/** MUI's Dialog with a UiStyle as `sx` and `paperWidth` folded into its `slotProps`. */
export const Dialog = forwardRef<HTMLDivElement, UiProps<DialogProps> & DialogOwnProps>(function Dialog({ paperWidth, slotProps, ...props }, ref) {
  const slots = paperWidth === undefined ? slotProps : { ...slotProps, paper: { sx: { width: paperWidth, maxWidth: 'calc(100% - 32px)', m: 2 } } };
  return createElement(MuiDialog, { ...(props as DialogProps), slotProps: slots, ref });
});
export const DialogActions = MuiDialogActions as UiComponent<DialogActionsProps>;
export const DialogContent = MuiDialogContent as UiComponent<DialogContentProps>;
export const DialogContentText = MuiDialogContentText as UiOverridable<typeof MuiDialogContentText>;
export const DialogTitle = MuiDialogTitle as UiOverridable<typeof MuiDialogTitle>;
