import { useState } from 'react';
import { LIMITS } from '../../../shared/constants.ts';
import { T } from '../../lib/texts.ts';
import { redirectToFeedback, register } from './auth-api.ts';
import { AuthLayout, CheckboxField, PasswordField, SubmitButton, TextField } from './light-ui.tsx';
import { authSchemas, useAuthForm } from './use-auth-form.ts';

export default function RegisterPage() {
  const [busy, setBusy] = useState(false);
  const form = useAuthForm({
    initial: { name: '', email: '', password: '', password_confirmation: '', terms: false },
    schema: () => authSchemas().then((m) => m.ZRegisterRequest),
    fields: ['name', 'email', 'password', 'password_confirmation', 'terms'],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      redirectToFeedback(await register({ ...values, terms: true }), LIMITS.redirectAfterRegisterMs);
    } catch (error) {
      setBusy(false);
      form.showServerError(error);
    }
  });

  const terms = form.field('terms');
  return (
    <AuthLayout
      title={T.registerTitle}
      subtitle={T.registerSubtitle}
      documentTitle={T.registerButton}
      footer={
        <>
          {T.haveAccount} <a href="/login">{T.toLogin}</a>
        </>
      }
    >
      <form className="mk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField {...form.field('name')} label={T.labelName} autoComplete="name" autoFocus />
        <TextField {...form.field('email')} label={T.labelEmail} type="email" autoComplete="email" />
        <PasswordField {...form.field('password')} label={T.labelPassword} autoComplete="new-password" />
        <PasswordField {...form.field('password_confirmation')} label={T.labelPasswordConfirmation} autoComplete="new-password" />
        <CheckboxField
          name="terms"
          checked={form.values.terms}
          error={terms.error}
          inputRef={terms.inputRef}
          onChange={(checked) => form.setValue('terms', checked)}
          label={
            <>
              {T.termsPrefix}
              <a href="/agb" target="_blank" rel="noopener">
                {T.termsAgb}
              </a>
              {T.termsAnd}
              <a href="/datenschutz" target="_blank" rel="noopener">
                {T.termsPrivacy}
              </a>
            </>
          }
        />
        <SubmitButton busy={busy}>{T.registerButton}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
