import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { createAppTheme } from './theme-base.ts';

/** The app theme without the router: links and link buttons are plain anchors (the terms open in a new tab anyway). */
const publicTheme = createAppTheme('a');

/**
 * The public chat's MUI scope: the app theme (without the router) and MUI's page base. The public
 * chat is its own light entry (docs/decisions/012); what it draws with MUI comes from components/ui.
 */
export function PublicMuiScope({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={publicTheme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
