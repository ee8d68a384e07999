import Avatar from '@mui/material/Avatar';
import { alpha } from '@mui/material/styles';
import type { AssistantSummary } from '../../../../shared/schemas/assistants.ts';
import { initials } from '../../office/initials.ts';
import { TYPE_COLORS } from '../assistant-icons.ts';

interface Props {
  assistant: Pick<AssistantSummary, 'name' | 'image' | 'type'>;
  size?: number;
  /** Corner radius; round by default. */
  radius?: number | string;
}

/** The assistant's generated avatar image, or its initials on its type colour. */
export function AssistantAvatar({ assistant, size = 40, radius = '50%' }: Props) {
  const color = TYPE_COLORS[assistant.type];
  return (
    <Avatar
      src={assistant.image ?? undefined}
      alt=""
      sx={(theme) => ({
        width: size,
        height: size,
        borderRadius: radius,
        fontSize: size * 0.38,
        fontWeight: 700,
        color: theme.palette[color].main,
        bgcolor: alpha(theme.palette[color].main, 0.16),
        border: `1px solid ${alpha(theme.palette[color].main, 0.28)}`,
        flexShrink: 0,
      })}
    >
      {initials(assistant.name)}
    </Avatar>
  );
}
