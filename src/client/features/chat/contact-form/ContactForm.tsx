import { SendIcon } from '../../../components/ui/icons/SendIcon.ts';
import { Button } from '../../../components/ui/Button.ts';
import { CircularProgress } from '../../../components/ui/CircularProgress.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { CURRENT_COLOR_FIELD } from '../../../components/ui/styles.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { contactFormSchema, FORM_FIELD_LABELS, FORM_FIELDS, type FormField, type FormInfo } from '../../../../shared/schemas/public.ts';
import type { z } from '../../../../shared/zod.ts';
import { showServerErrors } from '../../../lib/form-errors.ts';
import { ContactFormSent } from './ContactFormSent.tsx';
import { useFormInfoQuery, sendContactForm } from './contact-form-api.ts';
import { CONTACT_FORM_TEXTS } from './texts.ts';

export interface ContactFormProps {
  assistantUuid: string;
  threadId: number;
  token: string;
  /** The stored message is answered already (status "submitted"). */
  submitted?: boolean;
}

const AUTOCOMPLETE: Record<FormField, string> = {
  firstname: 'given-name',
  lastname: 'family-name',
  company: 'organization',
  email: 'email',
  phone: 'tel',
  notes: 'off',
};

/** The inline contact form (docs/product/public-chat-and-embed.md): the inputs of the form info, validated like the server. */
export function ContactForm({ assistantUuid, threadId, token, submitted = false }: ContactFormProps) {
  const info = useFormInfoQuery(assistantUuid);
  const [sent, setSent] = useState(false);
  if (submitted || sent) return <ContactFormSent />;
  if (info.isPending) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, opacity: 0.75 }} aria-busy>
        <CircularProgress size={16} color="inherit" />
        {CONTACT_FORM_TEXTS.loading}
      </Box>
    );
  }
  if (info.isError) {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography variant="body2">{CONTACT_FORM_TEXTS.loadFailed}</Typography>
        <Button size="small" color="inherit" variant="outlined" onClick={() => void info.refetch()}>
          {CONTACT_FORM_TEXTS.retry}
        </Button>
      </Box>
    );
  }
  return <ContactFormFields info={info.data} ids={{ assistantUuid, threadId, token }} onSent={() => setSent(true)} />;
}

interface FieldsProps {
  info: FormInfo;
  ids: { assistantUuid: string; threadId: number; token: string };
  onSent: () => void;
}

function ContactFormFields({ info, ids, onSent }: FieldsProps) {
  const queryClient = useQueryClient();
  const schema = useMemo(() => contactFormSchema(info).omit({ assistantUuid: true, threadId: true, token: true }), [info]);
  type Input = z.input<typeof schema>;
  type Output = z.output<typeof schema>;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { firstname: '', lastname: '', company: '', email: '', phone: '', notes: '' },
  });
  const fields = FORM_FIELDS.filter((f) => info[f]);
  // Names, company and e-mail follow the rules (docs/product/public-chat-and-embed.md) and are required when shown.
  const required = (f: FormField) => f === 'firstname' || f === 'lastname' || f === 'company' || f === 'email';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await sendContactForm({ ...ids, ...values });
      // "Angaben gesendet" shows once, in the conversation (ContactFormSent) — no snackbar over the input.
      onSent();
      void queryClient.invalidateQueries({ queryKey: ['chat', 'messages', ids.assistantUuid, ids.threadId] });
    } catch (error) {
      showServerErrors(error, form.setError, fields);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={CONTACT_FORM_TEXTS.title} data-testid="contact-form" sx={{ display: 'grid', gap: 1.5, minWidth: { sm: 320 } }}>
      <Box>
        <Typography sx={{ fontWeight: 700, fontSize: '0.9375rem' }}>{CONTACT_FORM_TEXTS.title}</Typography>
        <Typography sx={{ fontSize: '0.8125rem', opacity: 0.75 }}>{CONTACT_FORM_TEXTS.intro}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {fields.map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                label={FORM_FIELD_LABELS[name]}
                required={required(name)}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                autoComplete={AUTOCOMPLETE[name]}
                multiline={name === 'notes'}
                minRows={name === 'notes' ? 3 : undefined}
                size="small"
                fullWidth
                disabled={form.formState.isSubmitting}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                sx={{ ...CURRENT_COLOR_FIELD, gridColumn: name === 'notes' || name === 'email' || name === 'company' ? '1 / -1' : undefined }}
              />
            )}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="outlined"
          color="inherit"
          disabled={form.formState.isSubmitting}
          startIcon={form.formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          sx={{ fontWeight: 700, borderColor: 'color-mix(in srgb, currentColor 45%, transparent)' }}
        >
          {form.formState.isSubmitting ? CONTACT_FORM_TEXTS.submitting : CONTACT_FORM_TEXTS.submit}
        </Button>
      </Box>
    </Box>
  );
}
