// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiDialog, { type DialogProps } from '@mui/material/Dialog';
import MuiDialogActions, { type DialogActionsProps } from '@mui/material/DialogActions';
import MuiDialogContent, { type DialogContentProps } from '@mui/material/DialogContent';
import MuiDialogContentText from '@mui/material/DialogContentText';
import MuiDialogTitle from '@mui/material/DialogTitle';
import type { UiComponent, UiOverridable } from './ui-component.ts';
export const Dialog = MuiDialog as UiComponent<DialogProps>;
export const DialogActions = MuiDialogActions as UiComponent<DialogActionsProps>;
export const DialogContent = MuiDialogContent as UiComponent<DialogContentProps>;
export const DialogContentText = MuiDialogContentText as UiOverridable<typeof MuiDialogContentText>;
export const DialogTitle = MuiDialogTitle as UiOverridable<typeof MuiDialogTitle>;
