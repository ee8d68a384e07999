// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiToggleButton from '@mui/material/ToggleButton';
import MuiToggleButtonGroup, { type ToggleButtonGroupProps } from '@mui/material/ToggleButtonGroup';
import type { UiButtonBase, UiComponent } from './ui-component.ts';
export const ToggleButton = MuiToggleButton as UiButtonBase<typeof MuiToggleButton>;
export const ToggleButtonGroup = MuiToggleButtonGroup as UiComponent<ToggleButtonGroupProps>;
