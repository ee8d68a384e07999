import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBackRounded';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '../../../shared/constants.ts';
import { M } from '../../../shared/messages.ts';
import type { ZResetRequest } from '../../../shared/schemas/auth.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { T } from '../../lib/texts.ts';
import { showError } from '../../state/snackbar-store.ts';
import { FormTextField } from '../../components/FormTextField.tsx';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { redirectToFeedback, useResetRequestMutation } from './auth-api.ts';
import { showServerErrors } from '../../lib/form-errors.ts';

type ResetForm = z.input<typeof ZResetRequest>;
const FIELDS = ['email'] as const;

export default function ResetRequestPage() {
  const mutation = useResetRequestMutation();
  const [redirecting, setRedirecting] = useState(false);
  const { control, handleSubmit, setError } = useForm<ResetForm, unknown, z.output<typeof ZResetRequest>>({
    resolver: lazyZodResolver(() => import('../../../shared/schemas/auth.ts').then((m) => m.ZResetRequest)),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync(values);
      if (typeof result === 'string') {
        showError(M.resetNoEmail);
        return;
      }
      setRedirecting(true);
      redirectToFeedback(result, LIMITS.redirectAfterRegisterMs);
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });

  const busy = mutation.isPending || redirecting;

  return (
    <AuthLayout
      title={T.resetTitle}
      subtitle={T.resetSubtitle}
      documentTitle={T.forgotPassword}
      footer={
        <Link href="/login" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <ArrowBackIcon fontSize="small" />
          {T.backToLogin}
        </Link>
      }
    >
      <Stack component="form" spacing={2.5} noValidate onSubmit={(e) => void onSubmit(e)}>
        <FormTextField
          control={control}
          name="email"
          label={T.labelEmail}
          type="email"
          autoComplete="email"
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} loading={busy}>
          {T.resetButton}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
