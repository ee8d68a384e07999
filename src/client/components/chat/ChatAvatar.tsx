import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { COLORS } from '../../lib/theme-tokens.ts';

interface Props {
  name: string;
  image: string | null;
  size?: number;
}

/** The assistant's picture; its initial when there is none or it fails to load. */
export function ChatAvatar({ name, image, size = 32 }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = image !== null && image !== '' && failed !== image;
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        borderRadius: '50%',
        fontSize: size * 0.42,
        fontWeight: 700,
        bgcolor: alpha(COLORS.primary, 0.2),
        color: COLORS.primaryText,
        border: `1px solid ${COLORS.border}`,
      }}
    >
      {showImage ? (
        <Box component="img" src={image} alt={name} onError={() => setFailed(image)} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <span aria-hidden>{name.trim().charAt(0).toUpperCase() || 'M'}</span>
      )}
    </Box>
  );
}
