// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
// @mui/x-charts is large: import this module only from a screen part that is itself loaded lazily.
import { BarChart as MuiBarChart, type BarChartProps } from '@mui/x-charts/BarChart';
import type { UiComponent } from './ui-component.ts';
export const BarChart = MuiBarChart as UiComponent<BarChartProps>;
