import { TextField } from '../../../components/ui/TextField.ts';
import { Stack } from '../../../components/ui/Stack.ts';
import { ASSISTANT_LIMITS } from '../../../../shared/schemas/assistants.ts';
import type { WizardErrors, WizardValues } from '../assistant-rules.ts';
import { CountedHelper } from '../../../components/CountedHelper.tsx';
import { CanTalkChoice, StyleChoice } from '../components/StyleChoice.tsx';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { StepHeading } from './StepHeading.tsx';

interface Props {
  values: WizardValues;
  errors: WizardErrors;
  onChange: (patch: Partial<WizardValues>) => void;
}

/** Step 3 (Aufgabe): the task with a live counter; for chat also the style; voice output. */
export function StepTask({ values, errors, onChange }: Props) {
  return (
    <>
      <StepHeading title={ASSISTANT_TEXTS.stepTaskTitle} text={ASSISTANT_TEXTS.stepTaskText} />
      <Stack spacing={3}>
        <TextField
          label={ASSISTANT_TEXTS.labelTask}
          value={values.task}
          onChange={(e) => onChange({ task: e.target.value })}
          error={Boolean(errors.task)}
          helperText={
            <CountedHelper
              text={errors.task ?? ASSISTANT_TEXTS.taskHelper}
              length={values.task.trim().length}
              min={ASSISTANT_LIMITS.taskMin}
            />
          }
          autoFocus
          required
          fullWidth
          multiline
          minRows={6}
          maxRows={16}
          htmlInput={{ maxLength: 20000 }}
        />
        {values.type === 'chat' && (
          <StyleChoice value={values.style} error={errors.style} onChange={(style) => onChange({ style })} />
        )}
        <CanTalkChoice value={values.can_talk} onChange={(can_talk) => onChange({ can_talk })} />
      </Stack>
    </>
  );
}
