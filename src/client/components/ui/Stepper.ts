// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiStep from '@mui/material/Step';
import MuiStepLabel, { type StepLabelProps } from '@mui/material/StepLabel';
import MuiStepper from '@mui/material/Stepper';
import type { UiComponent, UiOverridable } from './ui-component.ts';
export const Step = MuiStep as UiOverridable<typeof MuiStep>;
export const StepLabel = MuiStepLabel as UiComponent<StepLabelProps>;
export const Stepper = MuiStepper as UiOverridable<typeof MuiStepper>;
