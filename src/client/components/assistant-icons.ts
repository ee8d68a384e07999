import { ChatIcon, ImageIcon, TaskIcon, type LightIcon } from './icons.tsx';
import type { AssistantType } from '../../shared/schemas/assistants.ts';

/** The icon of each assistant type (chat, task, image) — also the icon of its use action. */
export const TYPE_ICONS: Record<AssistantType, LightIcon> = {
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
