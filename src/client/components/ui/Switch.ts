// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiSwitch, { type SwitchProps } from '@mui/material/Switch';
import { createElement, forwardRef } from 'react';
import type { HtmlInputAttributes, UiProps } from './ui-component.ts';

/** MUI's Switch with a UiStyle as `sx` and `htmlInput` (the native checkbox's attributes: aria-label, ref …) for its `slotProps.input`. */
export const Switch = forwardRef<HTMLButtonElement, UiProps<SwitchProps> & { htmlInput?: HtmlInputAttributes }>(function Switch(
  { htmlInput, slotProps, ...props },
  ref,
) {
  return createElement(MuiSwitch, { ...(props as SwitchProps), slotProps: htmlInput ? { ...slotProps, input: htmlInput } : slotProps, ref });
});
