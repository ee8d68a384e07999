import { alpha, createTheme } from '@mui/material/styles';
import type { PaletteColor, PaletteColorOptions } from '@mui/material/styles';
import type { ElementType } from 'react';
import { COLORS, FONT_STACK } from '../../lib/theme-tokens.ts';

export { COLORS } from '../../lib/theme-tokens.ts';

// Extra colour families (docs/product/library-and-wizard.md Theme: pink, green, blue, purple and grey shades) and the two
// surface tones, available as theme.palette.pink.main, sx={{ color: 'purple.light' }} …
declare module '@mui/material/styles' {
  interface Palette {
    pink: PaletteColor;
    green: PaletteColor;
    blue: PaletteColor;
    purple: PaletteColor;
    surface: { main: string; raised: string; border: string };
  }
  interface PaletteOptions {
    pink?: PaletteColorOptions;
    green?: PaletteColorOptions;
    blue?: PaletteColorOptions;
    purple?: PaletteColorOptions;
    surface?: { main: string; raised: string; border: string };
  }
}

/**
 * The app's MUI theme. The link component comes in from outside: the office navigates through
 * React Router (app/office-theme.ts), the public chat has no router and keeps plain anchors — so
 * the public chat's bundle never contains the router.
 */
export function createAppTheme(linkComponent: ElementType) {
const base = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: COLORS.primary, light: COLORS.primaryText, contrastText: '#FFFFFF' },
    secondary: { main: COLORS.purple },
    error: { main: COLORS.error, contrastText: COLORS.onLight },
    success: { main: COLORS.success, contrastText: COLORS.onLight },
    warning: { main: COLORS.warning, contrastText: COLORS.onLight },
    info: { main: COLORS.info, contrastText: COLORS.onLight },
    background: { default: COLORS.background, paper: COLORS.surface },
    divider: COLORS.border,
    // Disabled text stays readable (4.5:1): axe cannot tell a disabled field's helper text apart.
    text: { primary: COLORS.text, secondary: COLORS.textSecondary, disabled: COLORS.textDisabled },
    grey: {
      50: '#F6F7F9',
      100: '#ECEEF1',
      200: '#D5D9DF',
      300: '#B4BAC3',
      400: '#8D95A0',
      500: '#6B737E',
      600: '#4E555E',
      700: '#3B4148',
      800: '#32363C',
      900: '#282D33',
    },
    surface: { main: COLORS.surface, raised: COLORS.surfaceRaised, border: COLORS.border },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: FONT_STACK,
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700, letterSpacing: '-0.015em' },
    h4: { fontWeight: 700, letterSpacing: '-0.01em', fontSize: '1.75rem' },
    h5: { fontWeight: 700, letterSpacing: '-0.005em', fontSize: '1.375rem' },
    h6: { fontWeight: 600, fontSize: '1.0625rem' },
    subtitle1: { fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    body1: { lineHeight: 1.6 },
    body2: { lineHeight: 1.55 },
    button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
  },
});

const augment = (main: string, name: string) => base.palette.augmentColor({ color: { main }, name });

return createTheme(base, {
  palette: {
    pink: augment(COLORS.pink, 'pink'),
    green: augment(COLORS.green, 'green'),
    blue: augment(COLORS.blue, 'blue'),
    purple: augment(COLORS.purple, 'purple'),
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        body: { backgroundColor: COLORS.background, minHeight: '100vh' },
        '#root': { minHeight: '100vh' },
        // The focus ring, ::selection, .visually-hidden and .skip-link: components/light.css (static).
      },
    },
    // Every MUI link and link-button navigates inside the app through React Router.
    MuiButtonBase: { defaultProps: { LinkComponent: linkComponent, disableTouchRipple: false } },
    MuiLink: {
      defaultProps: { component: linkComponent, underline: 'hover' },
      styleOverrides: { root: { fontWeight: 500, color: COLORS.primaryText } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { minHeight: 48, fontSize: '1rem' },
      },
      variants: [
        {
          // Red text on the dark surfaces: the lighter red (the darker one is for white text on it).
          props: { variant: 'text', color: 'primary' },
          style: { color: COLORS.primaryText },
        },
        {
          props: { variant: 'outlined', color: 'primary' },
          style: { color: COLORS.primaryText },
        },
        {
          props: { variant: 'contained', color: 'primary' },
          style: {
            backgroundImage: `linear-gradient(135deg, ${COLORS.primary} 0%, ${COLORS.primaryEnd} 100%)`,
            boxShadow: `0 6px 20px ${alpha(COLORS.primary, 0.25)}`,
            '&:hover': { backgroundImage: `linear-gradient(135deg, #C9303F 0%, #B8285A 100%)` },
            '&.Mui-disabled': { backgroundImage: 'none', boxShadow: 'none' },
          },
        },
      ],
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { backgroundImage: 'none' }, outlined: { borderColor: COLORS.border } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: {
        root: { borderRadius: 16, borderColor: COLORS.border, backgroundColor: COLORS.surface },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          borderRadius: 10,
          backgroundColor: alpha('#000000', 0.16),
          '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255, 255, 255, 0.14)' },
          '&:hover:not(.Mui-focused):not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
            borderColor: 'rgba(255, 255, 255, 0.3)',
          },
          // Focus is a light 2 px border, never the red of the brand or of an error.
          '&.Mui-focused:not(.Mui-error) .MuiOutlinedInput-notchedOutline': { borderColor: COLORS.focus, borderWidth: 2 },
        },
      },
    },
    MuiFormHelperText: { styleOverrides: { root: { marginInline: 4 } } },
    MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: COLORS.focus } } } },
    MuiTab: {
      styleOverrides: {
        root: {
          '&.Mui-selected': { color: COLORS.primaryText },
          '@media (max-width: 599.95px)': {
            minWidth: 0,
            paddingLeft: 12,
            paddingRight: 12,
            // The bar's rows (below) have no sliding indicator: the selected tab is underlined itself.
            '&.Mui-selected': { boxShadow: `inset 0 -2px 0 ${COLORS.primary}` },
          },
        },
      },
    },
    // No tab bar cuts a label. Wide screens: a bar too narrow for its tabs scrolls. Phones: the tabs
    // wrap into a second row instead — a scrolling bar showed the fourth label half ("Ve›") at the
    // edge on 390 px, where the edit screen has five tabs that no font size fits into one row.
    MuiTabs: {
      defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true },
      styleOverrides: {
        root: {
          minWidth: 0,
          maxWidth: '100%',
          '@media (max-width: 599.95px)': {
            overflow: 'visible',
            '& .MuiTabs-scroller': { overflow: 'visible !important', marginBottom: '0 !important', display: 'block', flex: '1 1 100%', minWidth: 0 },
            '& .MuiTabs-list': { flexWrap: 'wrap' },
            '& .MuiTabs-scrollButtons, & .MuiTabs-indicator': { display: 'none' },
          },
        },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'transparent' },
      styleOverrides: {
        root: {
          backgroundColor: alpha(COLORS.background, 0.85),
          backdropFilter: 'blur(10px)',
          borderBottom: `1px solid ${COLORS.border}`,
        },
      },
    },
    MuiDrawer: {
      styleOverrides: { paper: { backgroundColor: COLORS.surface, borderColor: COLORS.border } },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 10,
          '&.Mui-selected': {
            backgroundColor: alpha(COLORS.primary, 0.16),
            '&:hover': { backgroundColor: alpha(COLORS.primary, 0.22) },
          },
        },
      },
    },
    MuiAlert: {
      styleOverrides: { root: { borderRadius: 12, alignItems: 'center' } },
      // Filled alerts (the snackbar) in the vivid main colours, not MUI's darkened ones.
      variants: (['error', 'success', 'info'] as const).map((severity) => ({
        props: { variant: 'filled' as const, severity },
        style: { backgroundColor: COLORS[severity], color: COLORS.onLight, '& .MuiAlert-icon': { color: 'inherit' } },
      })),
    },
    MuiSnackbarContent: { styleOverrides: { root: { borderRadius: 12 } } },
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: COLORS.surfaceRaised, fontSize: '0.8125rem' } },
    },
    // Dialogs' backdrops darken the page; the invisible one of menus and selects stays invisible.
    MuiBackdrop: { variants: [{ props: { invisible: false }, style: { backgroundColor: alpha('#0B0D10', 0.6) } }] },
  },
});
}
