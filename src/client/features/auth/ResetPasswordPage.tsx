import { useState } from 'react';
import { LIMITS } from '../../../shared/constants.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { showError } from '../../state/snackbar-store.ts';
import { redirectToFeedback, resetPassword } from './auth-api.ts';
import { AuthLayout, PasswordField, SubmitButton } from './light-ui.tsx';
import { authSchemas, useAuthForm } from './use-auth-form.ts';

/** /reset-password/{token}: the token comes from the path; an invalid one is reported by the server (or the schema). */
export default function ResetPasswordPage({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const form = useAuthForm({
    initial: { token, password: '', password_confirmation: '' },
    schema: () => authSchemas().then((m) => m.ZResetPasswordRequest),
    fields: ['password', 'password_confirmation'],
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setBusy(true);
      try {
        redirectToFeedback(await resetPassword(values), LIMITS.redirectAfterRegisterMs);
      } catch (error) {
        setBusy(false);
        form.showServerError(error);
      }
    },
    (errors) => {
      // The token has no field of its own: its message goes to the snackbar.
      if (errors.token && !errors.password && !errors.password_confirmation) showError(errors.token);
    },
  );

  return (
    <AuthLayout title={COMMON_TEXTS.newPasswordTitle} subtitle={COMMON_TEXTS.newPasswordSubtitle} footer={<a href="/login">{COMMON_TEXTS.backToLogin}</a>}>
      <form className="mk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <PasswordField {...form.field('password')} label={COMMON_TEXTS.labelPassword} autoComplete="new-password" autoFocus />
        <PasswordField {...form.field('password_confirmation')} label={COMMON_TEXTS.labelPasswordConfirmation} autoComplete="new-password" />
        <SubmitButton busy={busy}>{COMMON_TEXTS.newPasswordButton}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
