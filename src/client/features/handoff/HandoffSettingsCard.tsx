import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { SaveIcon } from '../../components/ui/icons/SaveIcon.ts';
import { Box } from '../../components/ui/Box.ts';
import { Button } from '../../components/ui/Button.ts';
import { Card } from '../../components/ui/Card.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Switch } from '../../components/ui/Switch.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState, type FormEvent } from 'react';
import type { AssistantDetail } from '../../../shared/schemas/assistants.ts';
import { ZHandoffSettings, type HandoffSettings } from '../../../shared/schemas/handoff.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showError, showSuccess } from '../../state/snackbar-store.ts';
import { useHandoffSettings } from './api/get-handoff-settings.ts';
import { useSaveHandoffSettings } from './api/save-handoff-settings.ts';
import { HANDOFF_TEXTS } from './texts.ts';

const NEW_HOURS = { day: 1, from: '09:00', to: '17:00' };

/** «Live-Übernahme» in the Veröffentlichung tab: on/off, opening hours, wait time, greeting. */
export function HandoffSettingsCard({ assistant }: { assistant: AssistantDetail }) {
  const query = useHandoffSettings(assistant.uuid);
  // The form starts from the saved settings once they are there.
  return query.data ? <HandoffSettingsForm assistant={assistant} saved={query.data} /> : null;
}

function HandoffSettingsForm({ assistant, saved: initial }: { assistant: AssistantDetail; saved: HandoffSettings }) {
  const save = useSaveHandoffSettings(assistant.uuid);
  const [form, setForm] = useState<HandoffSettings>(initial);
  const [error, setError] = useState<string | null>(null);

  const update = (patch: Partial<HandoffSettings>) => {
    setForm({ ...form, ...patch });
    setError(null);
  };
  const setHours = (index: number, patch: Partial<HandoffSettings['hours'][number]>) =>
    update({ hours: form.hours.map((h, i) => (i === index ? { ...h, ...patch } : h)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZHandoffSettings.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setForm({ enabled: saved.enabled, hours: saved.hours, waitSeconds: saved.waitSeconds, greeting: saved.greeting });
        showSuccess(saved.message);
      },
      onError: (err) => {
        const message = err instanceof ApiError ? (Object.values(err.fields)[0]?.[0] ?? err.userMessage) : String(err);
        setError(message);
        showError(message);
      },
    });
  };

  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 }, minWidth: 0 }} component="section" aria-label={HANDOFF_TEXTS.cardTitle}>
      <Typography variant="subtitle1" component="h2">
        {HANDOFF_TEXTS.cardTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {HANDOFF_TEXTS.cardText}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <FormControlLabel
          control={<Switch checked={form.enabled} onChange={(e) => update({ enabled: e.target.checked })} />}
          label={HANDOFF_TEXTS.enabled}
        />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {HANDOFF_TEXTS.hoursTitle}
          </Typography>
          {form.hours.length === 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {HANDOFF_TEXTS.hoursEmpty}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {form.hours.map((h, index) => (
              <Box key={index} data-testid="handoff-hours" sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr auto', sm: 'minmax(0, 1.4fr) 1fr 1fr auto' }, alignItems: 'center' }}>
                <TextField
                  select
                  size="small"
                  label={HANDOFF_TEXTS.day}
                  value={h.day}
                  onChange={(e) => setHours(index, { day: Number(e.target.value) })}
                  nativeSelect
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                >
                  {HANDOFF_TEXTS.weekdays.map((name, i) => (
                    <option key={name} value={i + 1}>
                      {name}
                    </option>
                  ))}
                </TextField>
                <TextField size="small" type="time" label={HANDOFF_TEXTS.from} value={h.from} onChange={(e) => setHours(index, { from: e.target.value })} shrinkLabel />
                <TextField size="small" type="time" label={HANDOFF_TEXTS.to} value={h.to} onChange={(e) => setHours(index, { to: e.target.value })} shrinkLabel />
                <IconButton aria-label={HANDOFF_TEXTS.removeHours} onClick={() => update({ hours: form.hours.filter((_, i) => i !== index) })}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Button
            color="inherit"
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            onClick={() => update({ hours: [...form.hours, form.hours.length > 0 ? { ...form.hours[form.hours.length - 1]!, day: Math.min(7, form.hours[form.hours.length - 1]!.day + 1) } : NEW_HOURS] })}
          >
            {HANDOFF_TEXTS.addHours}
          </Button>
        </Box>
        <TextField
          size="small"
          type="number"
          label={HANDOFF_TEXTS.waitSeconds}
          helperText={HANDOFF_TEXTS.waitHelper}
          value={form.waitSeconds}
          onChange={(e) => update({ waitSeconds: Number(e.target.value) })}
          htmlInput={{ min: 30, max: 900, step: 10 }}
        />
        <TextField
          size="small"
          multiline
          minRows={2}
          label={HANDOFF_TEXTS.greeting}
          helperText={HANDOFF_TEXTS.greetingHelper}
          value={form.greeting}
          onChange={(e) => update({ greeting: e.target.value })}
        />
        {error && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
            {error}
          </Typography>
        )}
        <Box>
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={save.isPending}>
            {HANDOFF_TEXTS.save}
          </Button>
        </Box>
      </Box>
    </Card>
  );
}
