import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { SaveIcon } from '../../components/ui/icons/SaveIcon.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { PUBLIC_CHAT_MESSAGES, TOOL_MESSAGES } from '../../../shared/messages.ts';
import { ZEmailContacts, type EmailContact } from '../../../shared/schemas/tools.ts';
import { z } from '../../../shared/zod.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showError, showSuccess } from '../../state/snackbar-store.ts';
import { useEmailTool } from './api/get-email-tool.ts';
import { useSaveEmailContacts } from './api/save-email-tool.ts';
import { TOOL_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

const ZForm = z.object({ contacts: ZEmailContacts });
type FormValues = z.input<typeof ZForm>;

/** The e-mail tool's contacts (docs/product/knowledge-and-tools.md: "E-mail tool contacts" name ≥ 5, valid e-mail). */
export function EmailToolSettings({ assistantUuid }: { assistantUuid: string }) {
  const query = useEmailTool(assistantUuid);
  if (query.isPending) {
    return (
      <Box aria-busy aria-label={TOOL_TEXTS.loading}>
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  }
  if (query.isError) {
    return <LoadFailed query={query} text={TOOL_TEXTS.emailLoadFailed} />;
  }
  return (
    <ContactsForm
      key={JSON.stringify(query.data.properties)}
      assistantUuid={assistantUuid}
      saved={query.data.properties}
    />
  );
}

function ContactsForm({ assistantUuid, saved }: { assistantUuid: string; saved: EmailContact[] }) {
  const save = useSaveEmailContacts(assistantUuid);
  const form = useForm<FormValues, unknown, { contacts: EmailContact[] }>({
    resolver: zodResolver(ZForm),
    defaultValues: { contacts: saved },
  });
  const rows = useFieldArray({ control: form.control, name: 'contacts' });
  const busy = save.isPending;

  const onValid = (values: { contacts: EmailContact[] }) =>
    save.mutate(values.contacts, {
      onSuccess: (result) => showSuccess(result.message || TOOL_MESSAGES.saved),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        // "properties.1.email" on the server is "contacts.1.email" here.
        for (const [key, messages] of Object.entries(error.fields)) {
          const name = key.replace(/^properties\./, 'contacts.') as FieldPath<FormValues>;
          if (/^contacts\.\d+\.(name|email)$/.test(name))
            form.setError(name, { type: 'server', message: messages[0] });
        }
        showError(error.userMessage);
      },
    });

  return (
    <Box
      component="form"
      noValidate
      aria-label={TOOL_TEXTS.emailContactsTitle}
      onSubmit={(event) => void form.handleSubmit(onValid, () => showError(PUBLIC_CHAT_MESSAGES.formInvalid))(event)}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block' }}>
          {TOOL_TEXTS.emailContactsTitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {TOOL_TEXTS.emailContactsHint}
        </Typography>
      </Box>

      {rows.fields.length === 0 && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
          {TOOL_TEXTS.emailNoContacts}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {rows.fields.map((row, index) => (
          <Box
            component="li"
            key={row.id}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
              gap: 1.5,
              alignItems: 'start',
            }}
          >
            <Controller
              control={form.control}
              name={`contacts.${index}.name`}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  label={TOOL_TEXTS.contactName}
                  placeholder={TOOL_TEXTS.contactNamePlaceholder}
                  size="small"
                  disabled={busy}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
                />
              )}
            />
            <Controller
              control={form.control}
              name={`contacts.${index}.email`}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  type="email"
                  label={TOOL_TEXTS.contactEmail}
                  placeholder={TOOL_TEXTS.contactEmailPlaceholder}
                  size="small"
                  disabled={busy}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
                />
              )}
            />
            <IconButton
              aria-label={TOOL_TEXTS.removeContact(form.getValues(`contacts.${index}.name`))}
              onClick={() => rows.remove(index)}
              disabled={busy}
              sx={{
                gridColumn: { xs: 2, sm: 'auto' },
                gridRow: { xs: '1 / 3', sm: 'auto' },
                alignSelf: 'center',
              }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Box>

      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}>
        <Button startIcon={<AddIcon />} onClick={() => rows.append({ name: '', email: '' })} disabled={busy}>
          {TOOL_TEXTS.addContact}
        </Button>
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
