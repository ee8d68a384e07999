import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { Slider } from '../../components/ui/Slider.ts';
import { Box } from '../../components/ui/Box.ts';
import { LockOpenIcon } from '../../components/ui/icons/LockOpenIcon.ts';
import { ShieldIcon } from '../../components/ui/icons/ShieldIcon.ts';
import { VerifiedUserIcon } from '../../components/ui/icons/VerifiedUserIcon.ts';
import { PART } from '../../components/ui/selectors.ts';
import { DATA_PROTECTION_TEXTS } from './texts.ts';

const MARKS = DATA_PROTECTION_TEXTS.levelLabels.map((label, value) => ({ value, label }));
const SEVERITY = ['warning', 'info', 'success'] as const;
const ICONS = [LockOpenIcon, ShieldIcon, VerifiedUserIcon] as const;

interface Props {
  level: number;
  onChange: (level: number) => void;
  disabled?: boolean;
}

/** The three-step protection level (Niedrig, Mittel, Hoch) with what the chosen level means. */
export function ProtectionLevelSlider({ level, onChange, disabled }: Props) {
  const Icon = ICONS[level] ?? ShieldIcon;
  return (
    <>
      <Box sx={{ px: { xs: 3, sm: 4 }, pt: 1, pb: 1, maxWidth: 560 }}>
        <Slider
          value={level}
          min={0}
          max={2}
          step={1}
          marks={MARKS}
          disabled={disabled}
          onChange={(_event, value: number | number[]) => onChange(typeof value === 'number' ? value : (value[0] ?? 0))}
          getAriaValueText={(value) => DATA_PROTECTION_TEXTS.levelLabels[value] ?? String(value)}
          aria-label={DATA_PROTECTION_TEXTS.levelHeading}
          sx={{
            [PART.sliderMarkLabel]: { fontWeight: 600, color: 'text.secondary', fontSize: '0.875rem' },
            [PART.sliderMarkLabelActive]: { color: 'text.primary' },
            [PART.sliderMark]: { width: 6, height: 6, borderRadius: '50%' },
          }}
        />
      </Box>
      <Alert
        severity={SEVERITY[level] ?? 'info'}
        icon={<Icon />}
        data-testid="protection-level-alert"
        sx={{ mt: 3, alignItems: 'flex-start' }}
      >
        <AlertTitle sx={{ fontWeight: 700 }}>{DATA_PROTECTION_TEXTS.levelTitles[level]}</AlertTitle>
        {DATA_PROTECTION_TEXTS.levelTexts[level]}
      </Alert>
    </>
  );
}
