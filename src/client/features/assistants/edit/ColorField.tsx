import { COLORS } from '../../../lib/theme-tokens.ts';
import { transition } from '../../../components/ui/styles.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { useId, type ChangeEvent } from 'react';

/** The swatch's ring: 5.6:1 against the raised card (#32363C). */
const SWATCH_RING = '#A7AFBA';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * A native colour picker as a swatch with its label and hex value. The swatch has a light ring
 * with a dark edge inside: a colour equal to the card's own (the default #32363C) still shows as a
 * swatch (≥ 3:1 against the card, WCAG 1.4.11).
 */
export function ColorField({ label, value, onChange, disabled }: Props) {
  const id = useId();
  return (
    <Box
      component="label"
      htmlFor={id}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.25,
        pr: 2,
        borderRadius: '12px',
        border: `1px solid ${COLORS.border}`,
        bgcolor: COLORS.surfaceRaised,
        cursor: disabled ? 'default' : 'pointer',
        transition: transition('border-color'),
        '&:hover': { borderColor: disabled ? COLORS.border : 'rgba(255, 255, 255, 0.3)' },
        '&:focus-within': { borderColor: COLORS.text },
      }}
    >
      <Box
        sx={{
          position: 'relative',
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: '10px',
          overflow: 'hidden',
          bgcolor: value,
          border: `2px solid ${SWATCH_RING}`,
          boxShadow: 'inset 0 0 0 1px rgba(11, 13, 16, 0.6)',
        }}
        data-testid="color-swatch"
      >
        <Box
          component="input"
          id={id}
          type="color"
          value={value}
          disabled={disabled}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            opacity: 0,
            cursor: 'inherit',
            border: 0,
            p: 0,
          }}
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {label}
        </Typography>
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary', fontFamily: 'monospace', textTransform: 'uppercase' }}
        >
          {value}
        </Typography>
      </Box>
    </Box>
  );
}
