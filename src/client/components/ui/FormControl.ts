// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiFormControl from '@mui/material/FormControl';
import MuiFormHelperText from '@mui/material/FormHelperText';
import MuiFormLabel from '@mui/material/FormLabel';
import type { UiOverridable } from './ui-component.ts';
export const FormControl = MuiFormControl as UiOverridable<typeof MuiFormControl>;
export const FormHelperText = MuiFormHelperText as UiOverridable<typeof MuiFormHelperText>;
export const FormLabel = MuiFormLabel as UiOverridable<typeof MuiFormLabel>;
