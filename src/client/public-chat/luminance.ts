import { colorsFromAssistant, DEFAULT_CHAT_COLORS, type ChatColors } from '../features/chat/chat-colors.ts';

/** docs/product/public-chat-and-embed.md: text is black on backgrounds whose luminance is above 186, white otherwise. */
export const LUMINANCE_THRESHOLD = 186;

/** #RGB or #RRGGBB (with or without #) → [r, g, b]; null when it is no hex colour. */
export function parseHex(hex: string): [number, number, number] | null {
  const value = hex.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(value) ? [...value].map((c) => c + c).join('') : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Perceived brightness 0–255: 0.299 R + 0.587 G + 0.114 B. Unreadable colours count as dark. */
export function luminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb;
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Black on light backgrounds, white on dark ones. */
export function fontColorFor(background: string): '#000000' | '#FFFFFF' {
  return luminance(background) > LUMINANCE_THRESHOLD ? '#000000' : '#FFFFFF';
}

interface AssistantColours {
  primary_background_color: string;
  secondary_background_color: string;
  tertiary_background_color: string;
  button_color: string;
}

/** The assistant's colours for the public chat; a colour that is not set falls back to the dark default. */
export function publicChatColors(assistant: AssistantColours): ChatColors {
  const pick = (value: string, fallback: string) => (parseHex(value) ? value : fallback);
  const colors = colorsFromAssistant({
    primary_background_color: pick(assistant.primary_background_color, DEFAULT_CHAT_COLORS.primary),
    secondary_background_color: pick(assistant.secondary_background_color, DEFAULT_CHAT_COLORS.secondary),
    tertiary_background_color: pick(assistant.tertiary_background_color, DEFAULT_CHAT_COLORS.tertiary),
    button_color: pick(assistant.button_color, pick(assistant.primary_background_color, DEFAULT_CHAT_COLORS.button)),
  });
  return { ...colors, font: fontColorFor(colors.secondary) };
}
