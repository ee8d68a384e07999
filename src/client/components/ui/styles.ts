// Shared looks for the `sx` of the ui primitives, as plain UiStyle objects (ui/style.ts) and tiny
// functions returning them: no theme callbacks, no MUI. Colours come from lib/theme-tokens.ts. A look
// that reaches into a primitive's parts names them here, in the ui layer, never in a feature.
import { COLORS, translucent } from '../../lib/theme-tokens.ts';
import type { UiStyle } from './style.ts';

export type { UiStyle } from './style.ts';

/** The brand and status colours a tinted part can take (their `main` colour in the theme). */
export type Tone = 'primary' | 'success' | 'warning' | 'info' | 'error' | 'blue' | 'green' | 'pink' | 'purple';

/** The theme's standard transition of these CSS properties (300 ms, ease-in-out) — MUI's `transitions.create`. */
export function transition(...properties: string[]): string {
  return properties.map((p) => `${p} 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms`).join(',');
}

/** A panel on the raised surface with the divider's border (`dashed` for a drop zone). */
export function raisedPanel(borderStyle: 'solid' | 'dashed' = 'solid'): UiStyle {
  return { border: `1px ${borderStyle} ${COLORS.border}`, bgcolor: COLORS.surfaceRaised };
}

/** An icon or label on its colour's tint: the colour's main tone on it at `opacity` (0.14 unless told). */
export function tinted(tone: Tone, opacity = 0.14): UiStyle {
  return { color: COLORS[tone], bgcolor: translucent(COLORS[tone], opacity) };
}

/** A choice card's outline and fill: the tone's border and a light tint of it while chosen. */
export function choiceOutline(chosen: boolean, { tone = 'primary', width = '1px', tint = 0.08 }: { tone?: Tone; width?: string; tint?: number } = {}): UiStyle {
  return {
    border: `${width} solid ${chosen ? COLORS[tone] : COLORS.border}`,
    bgcolor: chosen ? translucent(COLORS[tone], tint) : COLORS.surfaceRaised,
    transition: transition('border-color', 'background-color'),
  };
}

// The app's animations as `@keyframes` rules to spread into a UiStyle; the part names the animation
// in `animation` (`animation: 'mika-pulse 1.6s ease-out infinite'`). Put the rule at the top of the
// part's style, not inside a nested selector. One export each, so a bundle carries only those it uses.

/** Three typing dots hopping in turn: `mika-bounce`. */
export const BOUNCE_KEYFRAMES: UiStyle = {
  '@keyframes mika-bounce': {
    '0%, 80%, 100%': { transform: 'translateY(0)', opacity: 0.35 },
    '40%': { transform: 'translateY(-4px)', opacity: 1 },
  },
};

/** A text cursor blinking: `mika-blink`. */
export const BLINK_KEYFRAMES: UiStyle = {
  '@keyframes mika-blink': { '0%, 45%': { opacity: 1 }, '50%, 100%': { opacity: 0 } },
};

/** A ring growing out of a dot in its own colour (`currentColor`): `mika-pulse`. */
export const PULSE_KEYFRAMES: UiStyle = {
  '@keyframes mika-pulse': {
    '0%': { boxShadow: '0 0 0 0 currentColor' },
    '70%': { boxShadow: '0 0 0 6px transparent' },
    '100%': { boxShadow: '0 0 0 0 transparent' },
  },
};

/** The microphone's red ring while it records: `mika-recording`. */
export const RECORDING_KEYFRAMES: UiStyle = {
  '@keyframes mika-recording': {
    '0%': { boxShadow: '0 0 0 0 rgba(229,57,53,.55)' },
    '70%': { boxShadow: '0 0 0 10px rgba(229,57,53,0)' },
    '100%': { boxShadow: '0 0 0 0 rgba(229,57,53,0)' },
  },
};

/**
 * A text field (label, outline, helper text) drawn in the surrounding text colour, so it reads on any
 * chat colours (the public chat's contact form); an error keeps the theme's error colour.
 */
export const CURRENT_COLOR_FIELD: UiStyle = {
  '& .MuiInputBase-root': { color: 'inherit', bgcolor: 'color-mix(in srgb, currentColor 4%, transparent)' },
  '& .MuiInputLabel-root:not(.Mui-error)': { color: 'inherit', opacity: 0.72 },
  '& .MuiOutlinedInput-root:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: 'color-mix(in srgb, currentColor 28%, transparent)' },
  '& .MuiOutlinedInput-root:not(.Mui-error):hover .MuiOutlinedInput-notchedOutline': { borderColor: 'color-mix(in srgb, currentColor 55%, transparent)' },
  '& .MuiOutlinedInput-root.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: 'currentColor' },
  '& .MuiFormHelperText-root:not(.Mui-error)': { color: 'inherit', opacity: 0.6 },
};
