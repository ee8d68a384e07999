import { useState, type CSSProperties } from 'react';
import { initials } from '../../lib/initials.ts';

export type AvatarTone = 'blue' | 'green' | 'pink' | 'person' | 'neutral';

interface AvatarProps {
  /** Whose avatar: its initials stand in while there is no image or it fails to load. */
  name: string;
  image?: string | null;
  /**
   * The colour: an assistant type's family (blue, green, pink: a tint with a border, as
   * `assistant-icons.ts` assigns them), the signed-in person on the brand red, or a team member on
   * the raised surface.
   */
  tone: AvatarTone;
  size?: number;
  /** Corner radius; round by default. */
  radius?: number | string;
  /** The initials' size (default: 38 % of the avatar). */
  fontSize?: string | number;
  style?: CSSProperties;
}

/**
 * The one avatar of the app (assistants in the library, navigation, edit screen, chat, task and image
 * views, the public chat; people in the top bar and the user list): static CSS (ui/avatar.css, which
 * the office's and the public chat's entries import), so both draw it without MUI. The image is decorative: the
 * name always stands next to it.
 */
export function Avatar({ name, image, tone, size = 40, radius = '50%', fontSize, style }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = image && failed !== image ? image : null;
  const toneClass = tone === 'person' || tone === 'neutral' ? tone : `tone tone-${tone}`;
  return (
    <span className={`avatar ${toneClass}`} style={{ width: size, height: size, borderRadius: radius, fontSize: fontSize ?? size * 0.38, ...style }}>
      {src ? <img src={src} alt="" onError={() => setFailed(src)} /> : initials(name)}
    </span>
  );
}
