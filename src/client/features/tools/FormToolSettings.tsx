import { SaveIcon } from '../../components/ui/icons/SaveIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { Switch } from '../../components/ui/Switch.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { PUBLIC_CHAT_MESSAGES } from '../../../shared/messages.ts';
import {
  FORM_FIELD_LABELS,
  FORM_FIELDS,
  ZFormSettings,
  type FormSettingsInput,
} from '../../../shared/schemas/public.ts';
import type { z } from '../../../shared/zod.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showError, showSuccess } from '../../state/snackbar-store.ts';
import { useFormSettingsQuery, useSaveFormSettings, type FormSettings } from './form-tool-api.ts';
import { TOOL_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

type Output = z.output<typeof ZFormSettings>;

/** The settings of the contact form tool (docs/product/knowledge-and-tools.md: "Form settings"); its switch is in the card header. */
export function FormToolSettings({ assistantUuid }: { assistantUuid: string }) {
  const query = useFormSettingsQuery(assistantUuid);
  if (query.isPending) {
    return (
      <Box aria-busy aria-label={TOOL_TEXTS.loading}>
        <Skeleton width="80%" />
        <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (query.isError) {
    return <LoadFailed query={query} text={TOOL_TEXTS.loadFailed} />;
  }
  return <FormToolCard key={assistantUuid} assistantUuid={assistantUuid} settings={query.data} />;
}

function FormToolCard({ assistantUuid, settings }: { assistantUuid: string; settings: FormSettings }) {
  const save = useSaveFormSettings(assistantUuid);
  // The switch (active) is saved on its own by the card header: this form leaves it alone.
  const { active: _active, ...fields } = settings;
  const form = useForm<FormSettingsInput, unknown, Output>({
    resolver: zodResolver(ZFormSettings),
    defaultValues: fields,
  });
  const fieldValues = useWatch({ control: form.control, name: [...FORM_FIELDS] });
  const noFields = fieldValues.every((v) => !v);
  const busy = save.isPending;

  const onValid = (values: Output) =>
    save.mutate(values, {
      onSuccess: (result) => {
        showSuccess(result.message || PUBLIC_CHAT_MESSAGES.formSaved);
        form.reset(values);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const message = error.fields['form.send_to']?.[0] ?? error.fields.send_to?.[0];
        if (message) form.setError('send_to', { type: 'server', message }, { shouldFocus: true });
        showError(error.userMessage);
      },
    });
  const onInvalid = () => showError(PUBLIC_CHAT_MESSAGES.formInvalid);

  return (
    <Box
      component="form"
      noValidate
      aria-label={TOOL_TEXTS.formTitle}
      onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <Box>
        <Typography
          variant="overline"
          component="h3"
          sx={{ color: 'text.secondary', display: 'block', mb: 0.5 }}
        >
          {TOOL_TEXTS.fieldsTitle}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            columnGap: 2,
          }}
        >
          {FORM_FIELDS.map((name) => (
            <SwitchField
              key={name}
              control={form.control}
              name={name}
              label={FORM_FIELD_LABELS[name]}
              disabled={busy}
            />
          ))}
        </Box>
        {noFields && (
          <Typography variant="caption" sx={{ color: 'warning.main', display: 'block', mt: 0.5 }}>
            {TOOL_TEXTS.noFields}
          </Typography>
        )}
      </Box>

      <Divider />
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
          {TOOL_TEXTS.recipientsTitle}
        </Typography>
        <Controller
          control={form.control}
          name="send_to"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              inputRef={field.ref}
              label={TOOL_TEXTS.sendTo}
              placeholder={TOOL_TEXTS.sendToPlaceholder}
              fullWidth
              disabled={busy}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? TOOL_TEXTS.sendToHint}
            />
          )}
        />
        <SwitchField control={form.control} name="send_to_user" label={TOOL_TEXTS.sendToUser} disabled={busy} />
      </Box>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {busy ? TOOL_TEXTS.saving : TOOL_TEXTS.save}
        </Button>
      </Box>
    </Box>
  );
}

type SwitchName = 'send_to_user' | (typeof FORM_FIELDS)[number];

function SwitchField({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<FormSettingsInput>;
  name: SwitchName;
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          sx={{ mr: 0 }}
          control={
            <Switch
              checked={field.value === true}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}
