// Styling helpers for the `sx` of the primitives drawn by MUI (layout.ts, buttons.ts …): the theme's
// types, `alpha` for a colour with opacity and `keyframes` for an animation. No component here.
export { alpha, keyframes } from '@mui/material/styles';
export type { SxProps, Theme } from '@mui/material/styles';
export type { SystemStyleObject } from '@mui/system';
