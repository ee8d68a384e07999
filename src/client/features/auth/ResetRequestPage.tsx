import { useState } from 'react';
import { LIMITS } from '../../../shared/constants.ts';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { showError } from '../../state/snackbar-store.ts';
import { redirectToFeedback, requestReset } from './auth-api.ts';
import { ArrowBackIcon } from '../../components/ui/icons/ArrowBackIcon.ts';
import { AuthLayout, SubmitButton, TextField } from './light-ui.tsx';
import { authSchemas, useAuthForm } from './use-auth-form.ts';

export default function ResetRequestPage() {
  const [busy, setBusy] = useState(false);
  const form = useAuthForm({
    initial: { email: '' },
    schema: () => authSchemas().then((m) => m.ZResetRequest),
    fields: ['email'],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const result = await requestReset(values);
      if (typeof result === 'string') {
        setBusy(false);
        showError(COMMON_MESSAGES.resetNoEmail);
        return;
      }
      redirectToFeedback(result, LIMITS.redirectAfterRegisterMs);
    } catch (error) {
      setBusy(false);
      form.showServerError(error);
    }
  });

  return (
    <AuthLayout
      title={COMMON_TEXTS.resetTitle}
      subtitle={COMMON_TEXTS.resetSubtitle}
      documentTitle={COMMON_TEXTS.forgotPassword}
      footer={
        <a href="/login" className="mk-back-link">
          <ArrowBackIcon size="small" />
          {COMMON_TEXTS.backToLogin}
        </a>
      }
    >
      <form className="mk-form mk-form-wide" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField {...form.field('email')} label={COMMON_TEXTS.labelEmail} type="email" autoComplete="email" autoFocus />
        <SubmitButton busy={busy}>{COMMON_TEXTS.resetButton}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
