/**
 * The colours a chat panel can take (docs/product/chat-and-voice.md: colour settings). The office leaves them out and
 * gets the app's dark theme; the public chat passes the assistant's colours.
 */
export interface ChatColors {
  /** Header and the assistant's bubbles. */
  primary: string;
  /** The conversation background. */
  secondary: string;
  /** The input bar. */
  tertiary: string;
  /** Send button and the user's bubbles. */
  button: string;
  /** Text on the backgrounds. */
  font: string;
}

/** docs/product/chat-and-voice.md defaults: dark backgrounds, white fonts, button colour equal to primary. */
export const DEFAULT_CHAT_COLORS: ChatColors = {
  primary: '#32363C',
  secondary: '#282D33',
  tertiary: '#282D33',
  button: '#32363C',
  font: '#FFFFFF',
};

/** docs/product/chat-and-voice.md: black text on backgrounds brighter than 186, white otherwise. */
export const LUMINANCE_THRESHOLD = 186;

export function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return 0;
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => parseInt(part ?? '0', 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

export function fontColorFor(background: string): string {
  return luminance(background) > LUMINANCE_THRESHOLD ? '#000000' : '#FFFFFF';
}

/** The assistant's colours for the public view (fonts derived from the background). */
export function colorsFromAssistant(a: {
  primary_background_color: string;
  secondary_background_color: string;
  tertiary_background_color: string;
  button_color: string;
}): ChatColors {
  return {
    primary: a.primary_background_color,
    secondary: a.secondary_background_color,
    tertiary: a.tertiary_background_color,
    button: a.button_color,
    font: fontColorFor(a.secondary_background_color),
  };
}
