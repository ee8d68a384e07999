import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineRounded';
import TaskIcon from '@mui/icons-material/AssignmentOutlined';
import ImageIcon from '@mui/icons-material/PaletteOutlined';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { T } from '../../lib/texts.ts';
import type { SectionProps } from './sections.ts';

const KINDS = [
  { icon: ChatIcon, color: 'blue', ...T.libraryKindChat },
  { icon: TaskIcon, color: 'green', ...T.libraryKindTask },
  { icon: ImageIcon, color: 'pink', ...T.libraryKindImage },
] as const;

/** Placeholder for the assistant library (default section) until features/assistants provides it. */
export default function LibraryPlaceholder(_props: SectionProps) {
  return (
    <>
      <SectionHeader title={T.libraryTitle} />
      <Card sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="library-empty">
        <Box
          sx={(theme) => ({
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2.5,
            borderRadius: '20px',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: alpha(theme.palette.primary.main, 0.14),
          })}
        >
          <AutoAwesomeIcon sx={{ fontSize: 36 }} />
        </Box>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {T.libraryEmptyTitle}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 560, mx: 'auto' }}>
          {T.libraryEmptyText}
        </Typography>
        <Box
          sx={{
            mt: { xs: 3, sm: 5 },
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            textAlign: 'left',
          }}
        >
          {KINDS.map(({ icon: Icon, color, title, text }) => (
            <Box
              key={title}
              sx={(theme) => ({
                p: 2.5,
                borderRadius: '14px',
                border: `1px solid ${theme.palette.divider}`,
                bgcolor: theme.palette.surface.raised,
              })}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1 }}>
                <Icon sx={{ color: `${color}.main` }} />
                <Typography variant="subtitle1" component="h3">
                  {title}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Card>
    </>
  );
}
