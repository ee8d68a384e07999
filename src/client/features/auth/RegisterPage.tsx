import { useState } from 'react';
import { LIMITS } from '../../../shared/constants.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
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
      title={COMMON_TEXTS.registerTitle}
      subtitle={COMMON_TEXTS.registerSubtitle}
      documentTitle={COMMON_TEXTS.registerButton}
      footer={
        <>
          {COMMON_TEXTS.haveAccount} <a href="/login">{COMMON_TEXTS.toLogin}</a>
        </>
      }
    >
      <form className="mk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField {...form.field('name')} label={COMMON_TEXTS.labelName} autoComplete="name" autoFocus />
        <TextField {...form.field('email')} label={COMMON_TEXTS.labelEmail} type="email" autoComplete="email" />
        <PasswordField {...form.field('password')} label={COMMON_TEXTS.labelPassword} autoComplete="new-password" />
        <PasswordField {...form.field('password_confirmation')} label={COMMON_TEXTS.labelPasswordConfirmation} autoComplete="new-password" />
        <CheckboxField
          name="terms"
          checked={form.values.terms}
          error={terms.error}
          inputRef={terms.inputRef}
          onChange={(checked) => form.setValue('terms', checked)}
          label={
            <>
              {COMMON_TEXTS.termsPrefix}
              <a href="/agb" target="_blank" rel="noopener">
                {COMMON_TEXTS.termsAgb}
              </a>
              {COMMON_TEXTS.termsAnd}
              <a href="/datenschutz" target="_blank" rel="noopener">
                {COMMON_TEXTS.termsPrivacy}
              </a>
            </>
          }
        />
        <SubmitButton busy={busy}>{COMMON_TEXTS.registerButton}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
