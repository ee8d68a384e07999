import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { LIMITS } from '../../../shared/constants.ts';
import type { ZResetPasswordRequest } from '../../../shared/schemas/auth.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { T } from '../../lib/texts.ts';
import { showError } from '../../state/snackbar-store.ts';
import { FormPasswordField } from '../../components/FormTextField.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { redirectToFeedback, useResetPasswordMutation } from './auth-api.ts';
import { withConfirmationCheck } from './confirmation-resolver.ts';
import { showServerErrors } from '../../lib/form-errors.ts';

type NewPasswordForm = z.input<typeof ZResetPasswordRequest>;
const FIELDS = ['password', 'password_confirmation'] as const;

export default function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const mutation = useResetPasswordMutation();
  const [redirecting, setRedirecting] = useState(false);
  const { control, handleSubmit, setError } = useForm<
    NewPasswordForm,
    unknown,
    z.output<typeof ZResetPasswordRequest>
  >({
    resolver: withConfirmationCheck(lazyZodResolver(() => import('../../../shared/schemas/auth.ts').then((m) => m.ZResetPasswordRequest))),
    // The token comes from the route; an invalid one is reported by the server (or the schema).
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const feedback = await mutation.mutateAsync(values);
        setRedirecting(true);
        redirectToFeedback(feedback, LIMITS.redirectAfterRegisterMs);
      } catch (error) {
        showServerErrors(error, setError, FIELDS);
      }
    },
    (errors) => {
      // The token has no field of its own: its message goes to the snackbar.
      if (errors.token?.message && !errors.password && !errors.password_confirmation) {
        showError(errors.token.message);
      }
    },
  );

  const busy = mutation.isPending || redirecting;

  return (
    <AuthLayout
      title={T.newPasswordTitle}
      subtitle={T.newPasswordSubtitle}
      footer={<Link href="/login">{T.backToLogin}</Link>}
    >
      <Stack component="form" spacing={2.25} noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormPasswordField
          control={control}
          name="password"
          label={T.labelPassword}
          autoComplete="new-password"
          autoFocus
        />
        <FormPasswordField
          control={control}
          name="password_confirmation"
          label={T.labelPasswordConfirmation}
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} loading={busy}>
          {T.newPasswordButton}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
