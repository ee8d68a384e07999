import { COLORS, translucent } from '../../lib/theme-tokens.ts';
import { ButtonBase } from '../../components/ui/ButtonBase.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { transition } from '../../components/ui/styles.ts';
import { CheckCircleIcon } from '../../components/ui/icons/CheckCircleIcon.ts';
import { STATE } from '../../components/ui/selectors.ts';
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
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        textAlign: 'left',
        borderRadius: '14px',
        overflow: 'hidden',
        border: `2px solid ${selected ? COLORS.primary : COLORS.border}`,
        bgcolor: selected ? translucent(COLORS.primary, 0.08) : 'background.paper',
        transition: transition('border-color', 'background-color'),
        '&:hover': {
          borderColor: selected ? COLORS.primary : translucent(COLORS.primary, 0.5),
        },
        [STATE.focusVisible]: { outline: `2px solid ${COLORS.primaryText}`, outlineOffset: 2 },
      }}
    >
      <Box
        aria-hidden
        sx={{ height: size === 'large' ? 96 : 56, background: previewOf(value), position: 'relative' }}
      >
        {selected && (
          <CheckCircleIcon size={22} style={{ position: 'absolute', top: 6, right: 6, color: COLORS.primary, backgroundColor: '#fff', borderRadius: '50%' }} />
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
