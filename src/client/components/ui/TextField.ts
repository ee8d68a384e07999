// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import MuiTextField, { type TextFieldProps } from '@mui/material/TextField';
import { createElement, forwardRef, type ReactNode } from 'react';
import type { UiStyle } from './style.ts';
import type { UiProps } from './ui-component.ts';

/** Props of our own for what screens otherwise write as MUI's `slotProps` (docs/decisions/033). */
export interface TextFieldOwnProps {
  /** Attributes of the native `<input>`/`<textarea>`: maxLength, inputMode, min/max/step, spellCheck, data-testid … */
  htmlInput?: InputBaseComponentProps;
  /** The label always sits above the field (date and time fields, whose own placeholder fills the field). */
  shrinkLabel?: boolean;
  /** With `select`: a native `<select>` of `<option>`s instead of MUI's menu. */
  nativeSelect?: boolean;
  /** An InputAdornment before or after the value inside the field (a search icon, a clear button). */
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** The style of the input box itself (inside the outline), e.g. a monospace font. */
  inputStyle?: UiStyle;
}

export type UiTextFieldProps = UiProps<TextFieldProps> & TextFieldOwnProps;

/** MUI's TextField with a UiStyle as `sx` and the named props above folded into its `slotProps`. */
export const TextField = forwardRef<HTMLDivElement, UiTextFieldProps>(function TextField(
  { htmlInput, shrinkLabel, nativeSelect, startAdornment, endAdornment, inputStyle, slotProps, ...props },
  ref,
) {
  const input = { startAdornment, endAdornment, sx: inputStyle };
  const slots = {
    ...slotProps,
    ...((startAdornment || endAdornment || inputStyle) && { input }),
    ...(htmlInput && { htmlInput }),
    ...(shrinkLabel && { inputLabel: { shrink: true } }),
    ...(nativeSelect && { select: { native: true } }),
  };
  return createElement(MuiTextField, { ...(props as TextFieldProps), slotProps: slots, ref });
});
