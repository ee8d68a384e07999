import { COLORS, translucent } from '../../lib/theme-tokens.ts';
import { fontColorFor, type ChatColors } from './chat-colors.ts';

export interface Surface {
  bg: string;
  fg: string;
}

/** The resolved look of one chat panel: each surface with its text colour. */
export interface ChatSurfaces {
  header: Surface;
  conversation: Surface;
  aiBubble: Surface;
  userBubble: Surface;
  input: Surface;
  button: Surface;
  border: string;
  /** Secondary text on the conversation background. */
  muted: string;
  userBubbleShadow: string;
}

const BRAND_GRADIENT = `linear-gradient(135deg, ${COLORS.primary} 0%, #D6336C 100%)`;

/** The office look: the app's dark theme with the brand colour on the user's bubbles. */
const OFFICE: ChatSurfaces = {
  header: { bg: COLORS.surface, fg: '#F2F4F7' },
  conversation: { bg: '#22262B', fg: '#F2F4F7' },
  aiBubble: { bg: COLORS.surfaceRaised, fg: '#F2F4F7' },
  userBubble: { bg: BRAND_GRADIENT, fg: '#FFFFFF' },
  input: { bg: COLORS.surface, fg: '#F2F4F7' },
  button: { bg: BRAND_GRADIENT, fg: '#FFFFFF' },
  border: COLORS.border,
  muted: '#A7AFBA',
  userBubbleShadow: `0 4px 14px ${translucent(COLORS.primary, 0.18)}`,
};

/** Custom colours (public chat): every surface gets black or white text by its luminance. */
export function resolveSurfaces(colors?: ChatColors): ChatSurfaces {
  if (!colors) return OFFICE;
  const on = (bg: string): Surface => ({ bg, fg: fontColorFor(bg) });
  const font = colors.font;
  return {
    header: on(colors.primary),
    conversation: { bg: colors.secondary, fg: font },
    aiBubble: on(colors.primary),
    userBubble: on(colors.button),
    input: on(colors.tertiary),
    button: on(colors.button),
    border: translucent(font, 0.12),
    muted: translucent(font, 0.65),
    userBubbleShadow: 'none',
  };
}
