import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/CheckCircleRounded';
import { previewOf } from './style-previews.ts';

/** One choice of the catalogue: a preview tile and its German label; pressed when active. */
export function StyleTile({
  value,
  label,
  selected,
  onSelect,
  size = 'large',
}: {
  value: string;
  label: string;
  selected: boolean;
  onSelect: () => void;
  size?: 'large' | 'small';
}) {
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={selected}
      data-testid={`style-tile-${value}`}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        textAlign: 'left',
        borderRadius: '14px',
        overflow: 'hidden',
        border: `2px solid ${selected ? theme.palette.primary.main : theme.palette.divider}`,
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.08) : 'background.paper',
        transition: theme.transitions.create(['border-color', 'background-color']),
        '&:hover': {
          borderColor: selected ? theme.palette.primary.main : alpha(theme.palette.primary.main, 0.5),
        },
        '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
      })}
    >
      <Box
        aria-hidden
        sx={{ height: size === 'large' ? 96 : 56, background: previewOf(value), position: 'relative' }}
      >
        {selected && (
          <CheckIcon
            sx={{
              position: 'absolute',
              top: 6,
              right: 6,
              color: 'primary.main',
              bgcolor: '#fff',
              borderRadius: '50%',
              fontSize: 22,
            }}
          />
        )}
      </Box>
      <Typography
        component="span"
        variant="body2"
        sx={{
          px: 1.25,
          py: size === 'large' ? 1.25 : 0.75,
          fontWeight: selected ? 700 : 500,
          lineHeight: 1.3,
        }}
      >
        {label}
      </Typography>
    </ButtonBase>
  );
}
