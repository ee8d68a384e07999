import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '../../../shared/constants.ts';
import type { ZRegisterRequest } from '../../../shared/schemas/auth.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { T } from '../../lib/texts.ts';
import { FormPasswordField, FormTextField } from '../../components/FormTextField.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { redirectToFeedback, useRegisterMutation } from './auth-api.ts';
import { withConfirmationCheck } from './confirmation-resolver.ts';
import { showServerErrors } from '../../lib/form-errors.ts';

type RegisterForm = z.input<typeof ZRegisterRequest>;
const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'terms'] as const;

export default function RegisterPage() {
  const mutation = useRegisterMutation();
  const [redirecting, setRedirecting] = useState(false);
  const { control, handleSubmit, setError } = useForm<
    RegisterForm,
    unknown,
    z.output<typeof ZRegisterRequest>
  >({
    resolver: withConfirmationCheck(lazyZodResolver(() => import('../../../shared/schemas/auth.ts').then((m) => m.ZRegisterRequest))),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const feedback = await mutation.mutateAsync(values);
      setRedirecting(true);
      redirectToFeedback(feedback, LIMITS.redirectAfterRegisterMs);
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });

  const busy = mutation.isPending || redirecting;

  return (
    <AuthLayout
      title={T.registerTitle}
      subtitle={T.registerSubtitle}
      documentTitle={T.registerButton}
      footer={
        <>
          {T.haveAccount} <Link href="/login">{T.toLogin}</Link>
        </>
      }
    >
      <Stack component="form" spacing={2.25} noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormTextField control={control} name="name" label={T.labelName} autoComplete="name" autoFocus />
        <FormTextField
          control={control}
          name="email"
          label={T.labelEmail}
          type="email"
          autoComplete="email"
        />
        <FormPasswordField
          control={control}
          name="password"
          label={T.labelPassword}
          autoComplete="new-password"
        />
        <FormPasswordField
          control={control}
          name="password_confirmation"
          label={T.labelPasswordConfirmation}
          autoComplete="new-password"
        />
        <Controller
          control={control}
          name="terms"
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)}>
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mr: 0 }}
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                    sx={{ mt: -0.75 }}
                  />
                }
                label={
                  <>
                    {T.termsPrefix}
                    <Link href="/agb" target="_blank" rel="noopener">
                      {T.termsAgb}
                    </Link>
                    {T.termsAnd}
                    <Link href="/datenschutz" target="_blank" rel="noopener">
                      {T.termsPrivacy}
                    </Link>
                  </>
                }
                slotProps={{ typography: { variant: 'body2', sx: { pt: 0.25 } } }}
              />
              {fieldState.error && <FormHelperText sx={{ mt: 0 }}>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} loading={busy}>
          {T.registerButton}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
