import { FormControl, FormHelperText, FormLabel } from '../../../components/ui/FormControl.ts';
import { FormControlLabel } from '../../../components/ui/FormControlLabel.ts';
import { Radio, RadioGroup } from '../../../components/ui/Radio.ts';
import { Box } from '../../../components/ui/Box.ts';
import { raisedPanel } from '../../../components/ui/styles.ts';
import { PART, STATE } from '../../../components/ui/selectors.ts';
import { COLORS, translucent } from '../../../lib/theme-tokens.ts';
import { CAN_TALK_OPTIONS, CHAT_STYLES } from '../../../../shared/schemas/assistants.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';

const optionSx = {
  m: 0,
  pr: 1.5,
  py: 0.25,
  borderRadius: '10px',
  ...raisedPanel(),
  [STATE.hasChecked]: {
    borderColor: COLORS.primary,
    bgcolor: translucent(COLORS.primary, 0.08),
  },
  [PART.controlLabel]: { fontSize: '0.9375rem' },
};

interface StyleProps {
  value: string;
  error?: string;
  onChange: (style: string) => void;
}

/** The seven chat styles (docs/product/library-and-wizard.md) as a radio group. */
export function StyleChoice({ value, error, onChange }: StyleProps) {
  return (
    <FormControl error={Boolean(error)} component="fieldset" fullWidth>
      <FormLabel component="legend" sx={{ mb: 1.25, fontWeight: 600, color: 'text.primary' }}>
        {ASSISTANT_TEXTS.labelStyle}
      </FormLabel>
      <RadioGroup
        value={value}
        onChange={(e) => onChange(e.target.value)}
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {CHAT_STYLES.map((style) => (
          <FormControlLabel
            key={style}
            value={style}
            control={<Radio size="small" />}
            label={style}
            sx={optionSx}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText sx={{ mt: 1 }}>{error}</FormHelperText>}
    </FormControl>
  );
}

interface CanTalkProps {
  value: number;
  onChange: (value: 0 | 1) => void;
}

/** can_talk: "Kann sprechen" (1) or "Sendet nur Text" (0). */
export function CanTalkChoice({ value, onChange }: CanTalkProps) {
  return (
    <FormControl component="fieldset" fullWidth>
      <FormLabel component="legend" sx={{ mb: 1.25, fontWeight: 600, color: 'text.primary' }}>
        {ASSISTANT_TEXTS.labelCanTalk}
      </FormLabel>
      <RadioGroup
        row
        value={String(value)}
        onChange={(e) => onChange(e.target.value === '1' ? 1 : 0)}
        sx={{ gap: 1 }}
      >
        {CAN_TALK_OPTIONS.map((option) => (
          <Box key={option.value}>
            <FormControlLabel
              value={String(option.value)}
              control={<Radio size="small" />}
              label={option.label}
              sx={optionSx}
            />
          </Box>
        ))}
      </RadioGroup>
    </FormControl>
  );
}
