import { useState } from 'react';
import type { AssistantSummary } from '../../shared/schemas/assistants.ts';
import { initials } from '../lib/initials.ts';
import { TYPE_COLORS } from './assistant-icons.ts';

interface Props {
  assistant: Pick<AssistantSummary, 'name' | 'image' | 'type'>;
  size?: number;
  /** Corner radius; round by default. */
  radius?: number | string;
}

/** The assistant's generated avatar image, or its initials on its type colour (office.css). */
export function AssistantAvatar({ assistant, size = 40, radius = '50%' }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = assistant.image && failed !== assistant.image ? assistant.image : null;
  return (
    <span
      className={`avatar tone tone-${TYPE_COLORS[assistant.type]}`}
      style={{ width: size, height: size, borderRadius: radius, fontSize: size * 0.38 }}
    >
      {image ? <img src={image} alt="" onError={() => setFailed(image)} /> : initials(assistant.name)}
    </span>
  );
}
