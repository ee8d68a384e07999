import { COLORS, translucent } from '../../../lib/theme-tokens.ts';
import { ButtonBase } from '../../../components/ui/ButtonBase.ts';
import { FormHelperText } from '../../../components/ui/FormControl.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { choiceOutline, tinted } from '../../../components/ui/styles.ts';
import { CheckCircleIcon } from '../../../components/ui/icons/CheckCircleIcon.ts';
import { STATE } from '../../../components/ui/selectors.ts';
import { ASSISTANT_TYPES, type AssistantType } from '../../../../shared/schemas/assistants.ts';
import { TYPE_COLORS, TYPE_ICONS } from '../../../components/assistant-icons.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { StepHeading } from './StepHeading.tsx';

interface Props {
  value: AssistantType | '';
  error?: string;
  onChange: (type: AssistantType) => void;
}

/** Step 1 (Funktion): chat, task or image. */
export function StepFunction({ value, error, onChange }: Props) {
  return (
    <>
      <StepHeading title={ASSISTANT_TEXTS.stepFunctionTitle} text={ASSISTANT_TEXTS.stepFunctionText} />
      <Box
        role="radiogroup"
        aria-label={ASSISTANT_TEXTS.steps[0]}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'wizard-type-error' : undefined}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {ASSISTANT_TYPES.map((type, index) => {
          const Icon = TYPE_ICONS[type];
          const color = TYPE_COLORS[type];
          const selected = value === type;
          return (
            <ButtonBase
              key={type}
              role="radio"
              aria-checked={selected}
              autoFocus={selected || (!value && index === 0)}
              onClick={() => onChange(type)}
              sx={{
                position: 'relative',
                p: 2.5,
                borderRadius: '16px',
                display: 'flex',
                flexDirection: 'column',
                // From the top, like its neighbours: a card with a shorter text is not centred lower.
                justifyContent: 'flex-start',
                alignItems: 'flex-start',
                textAlign: 'left',
                gap: 1,
                ...choiceOutline(selected, { tone: color, width: '1.5px', tint: 0.1 }),
                '&:hover': { borderColor: translucent(COLORS[color], 0.7) },
                [STATE.focusVisible]: { outline: `2px solid ${COLORS[color]}`, outlineOffset: 2 },
              }}
            >
              <Box
                sx={{ width: 44, height: 44, borderRadius: '12px', display: 'grid', placeItems: 'center', ...tinted(color, 0.16) }}
              >
                <Icon />
              </Box>
              <Typography variant="subtitle1" component="span">
                {ASSISTANT_TEXTS.typeCards[type].title}
              </Typography>
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                {ASSISTANT_TEXTS.typeCards[type].text}
              </Typography>
              {selected && (
                <CheckCircleIcon style={{ position: 'absolute', top: 14, right: 14, color: COLORS[color] }} />
              )}
            </ButtonBase>
          );
        })}
      </Box>
      {error && (
        <FormHelperText id="wizard-type-error" error sx={{ mt: 1.5 }}>
          {error}
        </FormHelperText>
      )}
    </>
  );
}
