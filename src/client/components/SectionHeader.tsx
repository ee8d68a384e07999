import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface Props {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right (wrap below the title on narrow screens). */
  actions?: ReactNode;
}

/** The heading of an office section; also sets the tab title. */
export function SectionHeader({ title, subtitle, actions }: Props) {
  useDocumentTitle(title);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 2,
        mb: { xs: 3, sm: 4 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body1" component="div" sx={{ color: 'text.secondary', mt: 0.75 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
