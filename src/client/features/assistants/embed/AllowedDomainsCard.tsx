import { SaveIcon } from '../../../components/ui/icons/SaveIcon.ts';
import { Button } from '../../../components/ui/Button.ts';
import { Chip } from '../../../components/ui/Chip.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Card } from '../../../components/ui/Card.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { useState } from 'react';
import { ASSISTANT_MESSAGES } from '../../../../shared/messages.ts';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { splitAddresses, ZAllowedDomains } from '../../../../shared/schemas/public.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../state/snackbar-store.ts';
import { useUpdateAssistant } from '../api/update-assistant.ts';
import { EMBED_TEXTS } from './texts.ts';

/** "Erlaubte Websites": the hosts that may embed the public chat (CSP frame-ancestors on the server). */
export function AllowedDomainsCard({ assistant }: { assistant: AssistantDetail }) {
  const saved = assistant.allowed_domains;
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateAssistant({ snackbar: false });
  const count = splitAddresses(saved).length;
  const dirty = value.trim() !== saved.trim();

  const save = () => {
    const parsed = ZAllowedDomains.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    const normalized = splitAddresses(parsed.data).join(', ');
    mutation.mutate(
      { uuid: assistant.uuid, allowed_domains: normalized },
      {
        onSuccess: (detail) => {
          setValue(detail.allowed_domains);
          showSuccess(ASSISTANT_MESSAGES.settingSaved);
        },
        onError: (err) => {
          const message = err instanceof ApiError ? (Object.values(err.fields)[0]?.[0] ?? err.userMessage) : String(err);
          setError(message);
          showError(err instanceof ApiError ? err.userMessage : message);
        },
      },
    );
  };

  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 }, minWidth: 0 }} component="section" aria-label={EMBED_TEXTS.domainsTitle}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {EMBED_TEXTS.domainsTitle}
        </Typography>
        <Chip size="small" variant="outlined" label={count === 0 ? EMBED_TEXTS.domainsAny : EMBED_TEXTS.domainsRestricted(count)} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {EMBED_TEXTS.domainsText}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        sx={{ mt: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
      >
        <TextField
          fullWidth
          size="small"
          label={EMBED_TEXTS.domainsLabel}
          placeholder={EMBED_TEXTS.domainsPlaceholder}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? EMBED_TEXTS.domainsHelper}
          disabled={mutation.isPending}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={!dirty || mutation.isPending}
          sx={{ flexShrink: 0, minHeight: 40 }}
        >
          {mutation.isPending ? EMBED_TEXTS.saving : EMBED_TEXTS.save}
        </Button>
      </Box>
    </Card>
  );
}
