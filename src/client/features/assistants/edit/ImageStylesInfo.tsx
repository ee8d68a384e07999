import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import { TA } from '../texts.ts';

/** Image assistants get their style settings (Stilrichtungen) in later work. */
export function ImageStylesInfo() {
  return (
    <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid="image-styles-info">
      <Box
        sx={(theme) => ({
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '18px',
          display: 'grid',
          placeItems: 'center',
          color: 'pink.main',
          bgcolor: alpha(theme.palette.pink.main, 0.14),
        })}
      >
        <PaletteIcon sx={{ fontSize: 32 }} />
      </Box>
      <Typography variant="h6" component="h2">
        {TA.imageStylesTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto', mt: 1 }}>
        {TA.imageStylesText}
      </Typography>
    </Card>
  );
}
