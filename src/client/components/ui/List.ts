// Drawn by MUI with the office theme: use only below a `lazyMui` boundary (lib/lazy-mui.tsx) or inside
// the public chat's theme scope. The office's first screen and the sign-in pages stay without it
// (docs/decisions/026, 033). Features import these primitives from here, never from @mui/* itself.
import MuiList from '@mui/material/List';
import MuiListItem from '@mui/material/ListItem';
import MuiListItemButton from '@mui/material/ListItemButton';
import type { UiButtonBase, UiOverridable } from './ui-component.ts';
export const List = MuiList as UiOverridable<typeof MuiList>;
export const ListItem = MuiListItem as UiOverridable<typeof MuiListItem>;
export const ListItemButton = MuiListItemButton as UiButtonBase<typeof MuiListItemButton>;
