import { LinkBehavior } from '../LinkBehavior.tsx';
import { createAppTheme } from './theme-base.ts';

export { COLORS } from '../../lib/theme-tokens.ts';

/** The office's theme: every MUI link and link-button navigates through React Router. */
export const theme = createAppTheme(LinkBehavior);
