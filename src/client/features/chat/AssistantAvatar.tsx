import Avatar from '@mui/material/Avatar';
import { alpha } from '@mui/material/styles';
import { COLORS } from '../../app/colors.ts';

interface Props {
  name: string;
  image: string | null;
  size?: number;
}

/** The assistant's picture; its initial when there is none or it fails to load. */
export function AssistantAvatar({ name, image, size = 32 }: Props) {
  return (
    <Avatar
      src={image ?? undefined}
      alt={name}
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        fontSize: size * 0.42,
        fontWeight: 700,
        bgcolor: alpha(COLORS.primary, 0.2),
        color: '#FF8A8D',
        border: `1px solid ${COLORS.border}`,
      }}
    >
      {name.trim().charAt(0).toUpperCase() || 'M'}
    </Avatar>
  );
}
