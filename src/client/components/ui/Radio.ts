// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiRadio, { type RadioProps } from '@mui/material/Radio';
import MuiRadioGroup, { type RadioGroupProps } from '@mui/material/RadioGroup';
import { createElement, forwardRef } from 'react';
import type { HtmlInputAttributes, UiComponent, UiProps } from './ui-component.ts';

/** MUI's Radio with a UiStyle as `sx` and `htmlInput` (the native radio's attributes: aria-label …) for its `slotProps.input`. */
export const Radio = forwardRef<HTMLButtonElement, UiProps<RadioProps> & { htmlInput?: HtmlInputAttributes }>(function Radio(
  { htmlInput, slotProps, ...props },
  ref,
) {
  return createElement(MuiRadio, { ...(props as RadioProps), slotProps: htmlInput ? { ...slotProps, input: htmlInput } : slotProps, ref });
});
export const RadioGroup = MuiRadioGroup as UiComponent<RadioGroupProps>;
