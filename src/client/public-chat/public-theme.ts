import { createTheme } from '@mui/material/styles';
import { theme } from '../app/theme.ts';

/**
 * The app theme without its router links: the public page has no router, so MUI links and link
 * buttons are plain anchors (the terms open in a new tab anyway).
 */
export const publicTheme = createTheme(theme, {
  components: {
    MuiButtonBase: { defaultProps: { LinkComponent: 'a' } },
    MuiLink: { defaultProps: { component: 'a' } },
  },
});
