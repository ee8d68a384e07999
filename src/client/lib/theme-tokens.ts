// The brand's colours without MUI: chat surfaces and avatars use them in both bundles.
export const COLORS = {
  background: '#1E2227',
  surface: '#282D33',
  surfaceRaised: '#32363C',
  border: 'rgba(255, 255, 255, 0.08)',
  text: '#F2F4F7',
  textSecondary: '#A7AFBA',
  textDisabled: '#949CA7',
  // WCAG 2.1 AA (docs/decisions/013): white text on the brand red needs ≥ 4.5:1, text in red on
  // the dark surfaces too — one red cannot do both, so buttons take primary, text takes primaryText.
  primary: '#D63A40',
  primaryEnd: '#C2295E',
  primaryText: '#FF8A8D',
  error: '#FF7A5C',
  success: '#2FB47A',
  warning: '#F5A524',
  info: '#5AA9FF',
  pink: '#F472B6',
  green: '#4ADE80',
  blue: '#60A5FA',
  purple: '#A78BFA',
  /** Text on the light status colours (error, success, info, warning backgrounds). */
  onLight: '#14171B',
  /** The focus ring: light on dark surfaces, with a dark inner ring for light ones (≥ 3:1 on either). */
  focus: '#F2F4F7',
  focusInner: '#0B0D10',
} as const;

// No web fonts (the product runs offline): the platform's UI font, with Arial metrics on Linux.
export const FONT_STACK = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI Variable Text"',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Liberation Sans"',
  'system-ui',
  'sans-serif',
].join(',');


/**
 * A colour with an opacity, as a plain CSS colour: `#RGB` and `#RRGGBB` (the tokens, an assistant's
 * colours) become `rgba(r, g, b, opacity)` — the same string MUI's `alpha` gave, so the pixels stay;
 * any other colour is mixed with transparent. No theme, no MUI: both bundles and static CSS can use it.
 */
export function translucent(color: string, opacity: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return `color-mix(in srgb, ${color} ${opacity * 100}%, transparent)`;
  const rgb = parseInt(hex.length === 3 ? hex.replace(/./g, '$&$&') : hex, 16);
  return `rgba(${rgb >> 16}, ${(rgb >> 8) & 255}, ${rgb & 255}, ${opacity})`;
}
