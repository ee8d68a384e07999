import { ChatIcon } from './ui/icons/ChatIcon.ts';
import { ImageIcon } from './ui/icons/ImageIcon.ts';
import { TaskIcon } from './ui/icons/TaskIcon.ts';
import type { IconComponent } from './ui/icons/icon.tsx';
import type { AssistantType } from '../../shared/schemas/assistants.ts';

/** The icon of each assistant type (chat, task, image) — also the icon of its use action. */
export const TYPE_ICONS: Record<AssistantType, IconComponent> = {
  chat: ChatIcon,
  task: TaskIcon,
  image: ImageIcon,
};

/** The theme colour family of each type (theme.palette.blue …). */
export const TYPE_COLORS: Record<AssistantType, 'blue' | 'green' | 'pink'> = {
  chat: 'blue',
  task: 'green',
  image: 'pink',
};

/** The colour family of a type given as plain text (a list that is not typed by AssistantType). */
export function typeTone(type: string): (typeof TYPE_COLORS)[AssistantType] {
  return type in TYPE_COLORS ? TYPE_COLORS[type as AssistantType] : 'blue';
}
