import type { AssistantSummary } from '../../shared/schemas/assistants.ts';
import { TYPE_COLORS } from './assistant-icons.ts';
import { Avatar } from './ui/Avatar.tsx';

interface Props {
  assistant: Pick<AssistantSummary, 'name' | 'image' | 'type'>;
  size?: number;
  /** Corner radius; round by default. */
  radius?: number | string;
}

/** An assistant's avatar: its generated image, or its initials on its type's colour (ui/Avatar). */
export function AssistantAvatar({ assistant, size = 40, radius }: Props) {
  return <Avatar name={assistant.name} image={assistant.image} tone={TYPE_COLORS[assistant.type]} size={size} radius={radius} />;
}
