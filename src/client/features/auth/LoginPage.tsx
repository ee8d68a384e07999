import { useState } from 'react';
import { LIMITS } from '../../../shared/constants.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { login } from './auth-api.ts';
import { AuthLayout, PasswordField, SubmitButton, TextField } from './light-ui.tsx';
import { authSchemas, useAuthForm } from './use-auth-form.ts';

export default function LoginPage() {
  const [busy, setBusy] = useState(false);
  const form = useAuthForm({
    initial: { email: '', password: '' },
    schema: () => authSchemas().then((m) => m.ZLoginRequest),
    fields: ['email', 'password'],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await login(values);
      showSuccess(COMMON_TEXTS.loginSuccess, LIMITS.redirectAfterLoginMs + 1000);
      // The office is its own page: a full load after the spec's delay, nothing of this page survives.
      window.setTimeout(() => window.location.replace('/'), LIMITS.redirectAfterLoginMs);
    } catch (error) {
      setBusy(false);
      form.showServerError(error);
    }
  });

  return (
    <AuthLayout
      title={COMMON_TEXTS.loginTitle}
      subtitle={COMMON_TEXTS.loginSubtitle}
      documentTitle={COMMON_TEXTS.loginButton}
      footer={
        <>
          {COMMON_TEXTS.noAccount} <a href="/register">{COMMON_TEXTS.toRegister}</a>
        </>
      }
    >
      <form className="mk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField {...form.field('email')} label={COMMON_TEXTS.labelEmail} type="email" autoComplete="email" autoFocus />
        <PasswordField {...form.field('password')} label={COMMON_TEXTS.labelPassword} autoComplete="current-password" />
        <div className="mk-form-link mk-body2">
          <a href="/reset">{COMMON_TEXTS.forgotPassword}</a>
        </div>
        <SubmitButton busy={busy}>{COMMON_TEXTS.loginButton}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
