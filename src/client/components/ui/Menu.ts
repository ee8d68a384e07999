// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiMenu, { type MenuProps } from '@mui/material/Menu';
import MuiListItemIcon, { type ListItemIconProps } from '@mui/material/ListItemIcon';
import MuiListItemText, { type ListItemTextProps } from '@mui/material/ListItemText';
import type { UiComponent } from './ui-component.ts';
export const Menu = MuiMenu as UiComponent<MenuProps>;
export const ListItemIcon = MuiListItemIcon as UiComponent<ListItemIconProps>;
export const ListItemText = MuiListItemText as UiComponent<ListItemTextProps>;
