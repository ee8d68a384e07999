import { createAppTheme } from '../components/mui/theme-base.ts';

/** The app theme without the router: links and link buttons are plain anchors (the terms open in a new tab anyway). */
export const publicTheme = createAppTheme('a');
