import { TextField } from '../../../components/ui/TextField.ts';
import { Stack } from '../../../components/ui/Stack.ts';
import { ASSISTANT_LIMITS } from '../../../../shared/schemas/assistants.ts';
import type { WizardErrors, WizardValues } from '../assistant-rules.ts';
import { CountedHelper } from '../../../components/CountedHelper.tsx';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { StepHeading } from './StepHeading.tsx';

interface Props {
  values: WizardValues;
  errors: WizardErrors;
  onChange: (patch: Partial<WizardValues>) => void;
}

/** Step 2 (Name): the name and, except for images, the role. */
export function StepName({ values, errors, onChange }: Props) {
  return (
    <>
      <StepHeading title={ASSISTANT_TEXTS.stepNameTitle} text={ASSISTANT_TEXTS.stepNameText} />
      <Stack spacing={2.5}>
        <TextField
          label={ASSISTANT_TEXTS.labelName}
          value={values.name}
          onChange={(e) => onChange({ name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={
            <CountedHelper
              text={errors.name}
              length={values.name.trim().length}
              min={ASSISTANT_LIMITS.nameMin}
            />
          }
          autoFocus
          required
          fullWidth
          htmlInput={{ maxLength: 80 }}
        />
        {values.type !== 'image' && (
          <TextField
            label={ASSISTANT_TEXTS.labelRole}
            value={values.role}
            onChange={(e) => onChange({ role: e.target.value })}
            error={Boolean(errors.role)}
            helperText={
              <CountedHelper
                text={errors.role ?? ASSISTANT_TEXTS.roleHelper}
                length={values.role.trim().length}
                min={ASSISTANT_LIMITS.roleMin}
              />
            }
            required
            fullWidth
            multiline
            minRows={3}
            htmlInput={{ maxLength: 2000 }}
          />
        )}
      </Stack>
    </>
  );
}
