import { COLORS, translucent } from '../../lib/theme-tokens.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import type { ReactNode } from 'react';

/** Icon, title, description and an action on the right: the head of every tool card. */
export function ToolHeader({
  icon,
  titleId,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  titleId: string;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
      <Box
        sx={{
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: '12px',
          display: { xs: 'none', sm: 'grid' },
          placeItems: 'center',
          color: 'primary.main',
          bgcolor: translucent(COLORS.primary, 0.14),
        }}
      >
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} variant="subtitle1" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {text}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}
