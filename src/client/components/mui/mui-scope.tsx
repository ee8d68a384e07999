import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

/**
 * The office's MUI theme around the screens built with MUI. The office's first screen (shell and
 * library) has static styles and loads no MUI: this module, the theme and emotion come with the
 * first MUI screen or dialog (lib/lazy-mui.tsx, docs/decisions/026).
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
