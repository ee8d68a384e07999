// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiCheckbox, { type CheckboxProps } from '@mui/material/Checkbox';
import type { UiComponent } from './ui-component.ts';
export const Checkbox = MuiCheckbox as UiComponent<CheckboxProps>;
