import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { LIMITS } from '../../../shared/constants.ts';
import type { ZLoginRequest } from '../../../shared/schemas/auth.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { T } from '../../lib/texts.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { FormPasswordField, FormTextField } from '../../components/FormTextField.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { useLoginMutation } from './auth-api.ts';
import { showServerErrors } from '../../lib/form-errors.ts';

type LoginForm = z.input<typeof ZLoginRequest>;
const FIELDS = ['email', 'password'] as const;

export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useLoginMutation();
  const [redirecting, setRedirecting] = useState(false);
  const { control, handleSubmit, setError } = useForm<LoginForm, unknown, z.output<typeof ZLoginRequest>>({
    resolver: lazyZodResolver(() => import('../../../shared/schemas/auth.ts').then((m) => m.ZLoginRequest)),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      setRedirecting(true);
      showSuccess(T.loginSuccess, LIMITS.redirectAfterLoginMs + 1000);
      // Whatever was cached belonged to no one or to someone else.
      queryClient.clear();
      window.setTimeout(() => void navigate('/', { replace: true }), LIMITS.redirectAfterLoginMs);
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });

  const busy = mutation.isPending || redirecting;

  return (
    <AuthLayout
      title={T.loginTitle}
      subtitle={T.loginSubtitle}
      documentTitle={T.loginButton}
      footer={
        <>
          {T.noAccount} <Link href="/register">{T.toRegister}</Link>
        </>
      }
    >
      <Stack component="form" spacing={2.25} noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormTextField
          control={control}
          name="email"
          label={T.labelEmail}
          type="email"
          autoComplete="email"
          autoFocus
        />
        <FormPasswordField
          control={control}
          name="password"
          label={T.labelPassword}
          autoComplete="current-password"
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '4px !important' }}>
          <Link href="/reset" variant="body2">
            {T.forgotPassword}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} loading={busy}>
          {T.loginButton}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
