import { COLORS, translucent } from '../../../lib/theme-tokens.ts';
import { Button } from '../../../components/ui/Button.ts';
import { MenuItem } from '../../../components/ui/MenuItem.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Card } from '../../../components/ui/Card.ts';
import { Stack } from '../../../components/ui/Stack.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode, type Ref, type RefObject } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { ASSISTANT_MESSAGES } from '../../../../shared/messages.ts';
import {
  ASSISTANT_LIMITS,
  CHAT_STYLES,
  ZAssistantEditable,
  type AssistantDetail,
} from '../../../../shared/schemas/assistants.ts';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useUpdateAssistant } from '../api/update-assistant.ts';
import { CountedHelper } from '../../../components/CountedHelper.tsx';
import { CanTalkChoice } from '../components/StyleChoice.tsx';
import { ASSISTANT_TEXTS } from '../texts.ts';
import type { FilterHandle } from './FilterCard.tsx';
import { showServerErrors } from '../../../lib/form-errors.ts';

type FormInput = z.input<typeof ZAssistantEditable>;
type FormOutput = z.output<typeof ZAssistantEditable>;

const FIELDS = [
  'name',
  'role',
  'task',
  'special',
  'style',
  'intro',
  'thinking_expressions',
  'can_talk',
  'owner_email',
] as const satisfies readonly (keyof FormInput)[];

function formValues(a: AssistantDetail): FormInput {
  return {
    uuid: a.uuid,
    type: a.type,
    name: a.name,
    role: a.role,
    task: a.task,
    special: a.special,
    style: a.style,
    intro: a.intro,
    thinking_expressions: a.thinking_expressions,
    can_talk: a.can_talk === 1 ? 1 : 0,
    owner_email: a.owner_email,
  };
}

interface Props {
  assistant: AssistantDetail;
  /** The cards beside the properties (logo, data-protection filter). */
  aside: ReactNode;
  /** The data-protection filter: saved by the same "Speichern" (one save action, issue 11). */
  filter: { dirty: boolean; handle: RefObject<FilterHandle | null> };
}

/**
 * The Eigenschaften tab: every property of a chat or task assistant and the data-protection filter,
 * saved with one "Speichern" (the logo uploads on its own, like the type selector saves at once).
 */
export function PropertiesForm({ assistant, aside, filter }: Props) {
  const mutation = useUpdateAssistant({ snackbar: false });
  const { control, handleSubmit, setError, reset, setValue, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(ZAssistantEditable),
    defaultValues: formValues(assistant),
  });

  // The type selector saves at once; the form's rules (style for chat) follow it.
  useEffect(() => setValue('type', assistant.type), [assistant.type, setValue]);

  const dirty = formState.isDirty || filter.dirty;
  // Both parts are checked before anything is saved, so an error in one never saves half.
  const filterValid = () => !filter.dirty || (filter.handle.current?.validate() ?? true);
  const onSubmit = handleSubmit(
    async (values) => {
      if (!filterValid()) return;
      try {
        if (formState.isDirty) {
          const saved = await mutation.mutateAsync({ ...values, type: assistant.type });
          reset(formValues(saved));
        }
      } catch (error) {
        showServerErrors(error, setError, FIELDS, 'assistant.');
        return;
      }
      if (filter.dirty && !(await filter.handle.current?.save())) return;
      showSuccess(ASSISTANT_MESSAGES.saved);
    },
    () => void filterValid(),
  );

  return (
    <Box
      component="form"
      aria-label={ASSISTANT_TEXTS.tabProperties}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1.7fr) minmax(300px, 1fr)' },
      }}
    >
      <Card sx={{ p: { xs: 2.5, sm: 3.5 }, overflow: 'visible' }}>
        <FormSection title={ASSISTANT_TEXTS.sectionBasics}>
          <FormTextField
            control={control}
            name="name"
            label={ASSISTANT_TEXTS.labelName}
            required
            htmlInput={{ maxLength: 80 }}
          />
          <CountedField
            control={control}
            name="role"
            label={ASSISTANT_TEXTS.labelRole}
            min={ASSISTANT_LIMITS.roleMin}
            minRows={2}
          />
          <CountedField
            control={control}
            name="task"
            label={ASSISTANT_TEXTS.labelTask}
            min={ASSISTANT_LIMITS.taskMin}
            minRows={6}
          />
          <FormTextField
            control={control}
            name="special"
            label={ASSISTANT_TEXTS.labelSpecial}
            helperText={ASSISTANT_TEXTS.specialHelper}
            multiline
            minRows={3}
          />
        </FormSection>

        <FormSection title={ASSISTANT_TEXTS.sectionBehaviour}>
          {assistant.type === 'chat' && (
            <Controller
              control={control}
              name="style"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  fullWidth
                  label={ASSISTANT_TEXTS.labelStyle}
                  {...textFieldBinding(field, fieldState)}
                  helperText={fieldState.error?.message}
                >
                  {CHAT_STYLES.map((style) => (
                    <MenuItem key={style} value={style}>
                      {style}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <FormTextField
            control={control}
            name="intro"
            label={ASSISTANT_TEXTS.labelIntro}
            helperText={ASSISTANT_TEXTS.introHelper}
            multiline
            minRows={2}
          />
          <FormTextField
            control={control}
            name="thinking_expressions"
            label={ASSISTANT_TEXTS.labelThinking}
            helperText={ASSISTANT_TEXTS.thinkingHelper}
            multiline
            minRows={2}
          />
          <Controller
            control={control}
            name="can_talk"
            render={({ field }) => (
              <CanTalkChoice
                value={field.value === 1 || field.value === true ? 1 : 0}
                onChange={field.onChange}
              />
            )}
          />
        </FormSection>

        <FormSection title={ASSISTANT_TEXTS.sectionContact} last>
          <FormTextField
            control={control}
            name="owner_email"
            label={ASSISTANT_TEXTS.labelOwnerEmail}
            helperText={ASSISTANT_TEXTS.ownerEmailHelper}
            type="email"
            autoComplete="off"
          />
        </FormSection>
      </Card>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>{aside}</Box>
      {/* With unsaved changes the bar sticks to the window's bottom: the tab is long. */}
      <Box
        sx={{
          gridColumn: '1 / -1',
          position: dirty ? 'sticky' : 'static',
          bottom: 0,
          zIndex: 1,
          px: { xs: 2.5, sm: 3.5 },
          py: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 2,
          border: `1px solid ${COLORS.border}`,
          bgcolor: translucent(COLORS.surface, 0.92),
          backdropFilter: 'blur(8px)',
          borderRadius: '16px',
        }}
      >
        {dirty && (
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
            {ASSISTANT_TEXTS.unsavedChanges}
          </Typography>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={formState.isSubmitting}
          disabled={!dirty}
        >
          {ASSISTANT_TEXTS.save}
        </Button>
      </Box>
    </Box>
  );
}

function FormSection({ title, children, last }: { title: string; children: ReactNode; last?: boolean }) {
  return (
    <Box
      component="fieldset"
      sx={{
        border: 0,
        m: 0,
        p: 0,
        pb: last ? 0 : 3,
        mb: last ? 0 : 3,
        borderBottom: last ? 'none' : `1px solid ${COLORS.border}`,
        minWidth: 0,
      }}
    >
      <Typography component="legend" variant="overline" sx={{ color: 'text.secondary', mb: 2, p: 0 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Box>
  );
}

/** A react-hook-form field's binding for an MUI TextField (value, events, ref, error state). */
function textFieldBinding(
  field: {
    name: string;
    value?: string | null;
    onChange: (...event: unknown[]) => void;
    onBlur: () => void;
    ref: Ref<HTMLInputElement>;
  },
  fieldState: { error?: unknown },
) {
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: Boolean(fieldState.error),
  };
}

interface CountedProps {
  control: Control<FormInput>;
  name: 'role' | 'task';
  label: string;
  min: number;
  minRows: number;
}

/** A multi-line field with the live "n / min" counter of the wizard. */
function CountedField({ control, name, label, min, minRows }: CountedProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          {...textFieldBinding(field, fieldState)}
          helperText={
            <CountedHelper
              text={fieldState.error?.message}
              length={(field.value ?? '').trim().length}
              min={min}
            />
          }
          required
          fullWidth
          multiline
          minRows={minRows}
          maxRows={14}
        />
      )}
    />
  );
}
