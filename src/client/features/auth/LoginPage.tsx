import { useState } from 'react';
import { LIMITS } from '../../../shared/constants.ts';
import { T } from '../../lib/texts.ts';
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
      showSuccess(T.loginSuccess, LIMITS.redirectAfterLoginMs + 1000);
      // The office is its own page: a full load after the spec's delay, nothing of this page survives.
      window.setTimeout(() => window.location.replace('/'), LIMITS.redirectAfterLoginMs);
    } catch (error) {
      setBusy(false);
      form.showServerError(error);
    }
  });

  return (
    <AuthLayout
      title={T.loginTitle}
      subtitle={T.loginSubtitle}
      documentTitle={T.loginButton}
      footer={
        <>
          {T.noAccount} <a href="/register">{T.toRegister}</a>
        </>
      }
    >
      <form className="mk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField {...form.field('email')} label={T.labelEmail} type="email" autoComplete="email" autoFocus />
        <PasswordField {...form.field('password')} label={T.labelPassword} autoComplete="current-password" />
        <div className="mk-form-link mk-body2">
          <a href="/reset">{T.forgotPassword}</a>
        </div>
        <SubmitButton busy={busy}>{T.loginButton}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
