// The brand's colours without MUI: chat surfaces and avatars use them in both bundles.
export const COLORS = {
  background: '#1E2227',
  surface: '#282D33',
  surfaceRaised: '#32363C',
  border: 'rgba(255, 255, 255, 0.08)',
  primary: '#E5484D',
  error: '#EC5B2C',
  success: '#23A26D',
  warning: '#F5A524',
  info: '#5AA9FF',
  pink: '#F472B6',
  green: '#4ADE80',
  blue: '#60A5FA',
  purple: '#A78BFA',
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

