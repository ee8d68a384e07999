import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineRounded';
import TaskIcon from '@mui/icons-material/AssignmentOutlined';
import ImageIcon from '@mui/icons-material/PaletteOutlined';
import type { AssistantType } from '../../../shared/schemas/assistants.ts';

/** The icon of each assistant type (chat, task, image) — also the icon of its use action. */
export const TYPE_ICONS: Record<AssistantType, ComponentType<SvgIconProps>> = {
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
