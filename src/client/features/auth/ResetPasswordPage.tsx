import { useState } from 'react';
import { LIMITS } from '../../../shared/constants.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { showError } from '../../state/snackbar-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { redirectToFeedback, resetPassword } from './auth-api.ts';
import { AuthLayout, PasswordField, StatusBadge, SubmitButton } from './light-ui.tsx';
import { authSchemas, useAuthForm } from './use-auth-form.ts';

/**
 * /reset-password/{token}: the token comes from the path; an invalid one is reported by the server
 * (or the schema). A link the server refuses (used, expired) turns the page into its notice with
 * «Neuen Link anfordern».
 */
export default function ResetPasswordPage({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const [refusedLink, setRefusedLink] = useState<string | null>(null);
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
        // A used or expired link: the page says so and offers the way to a new one.
        if (error instanceof ApiError && error.fields.token) setRefusedLink(error.fields.token[0] ?? error.userMessage);
        else form.showServerError(error);
      }
    },
    (errors) => {
      // The token has no field of its own: its message goes to the snackbar.
      if (errors.token && !errors.password && !errors.password_confirmation) showError(errors.token);
    },
  );

  if (refusedLink) {
    return (
      <AuthLayout title={COMMON_TEXTS.linkRefusedTitle} subtitle={refusedLink} icon={<StatusBadge tone="error" />} footer={<a href="/login">{COMMON_TEXTS.backToLogin}</a>}>
        <a href="/reset" className="mk-button contained">
          {COMMON_TEXTS.requestNewLink}
        </a>
      </AuthLayout>
    );
  }

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
