// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiSlider, { type SliderProps } from '@mui/material/Slider';
import { createElement, forwardRef } from 'react';
import type { HtmlInputAttributes, UiProps } from './ui-component.ts';

/** MUI's Slider of one thumb (its value a number) with a UiStyle as `sx` and `htmlInput` (the native range input's attributes: aria-labelledby …) for its `slotProps.input`. */
export const Slider = forwardRef<HTMLSpanElement, UiProps<SliderProps<'span', object, number>> & { htmlInput?: HtmlInputAttributes }>(function Slider(
  { htmlInput, slotProps, ...props },
  ref,
) {
  return createElement(MuiSlider, { ...(props as SliderProps), slotProps: htmlInput ? { ...slotProps, input: htmlInput } : slotProps, ref });
});
