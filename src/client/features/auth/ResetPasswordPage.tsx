import { useEffect, useState } from 'react';
import type { ResetLink } from '../../../shared/schemas/auth.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import { showError } from '../../state/snackbar-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { peekResetLink, redirectToFeedback, resetPassword } from './auth-api.ts';
import { AuthLayout, PasswordField, StatusBadge, SubmitButton } from './light-ui.tsx';
import { authSchemas, useAuthForm } from './use-auth-form.ts';

/** How long the page waits for the link's check before it shows the plain form anyway. */
const PEEK_PATIENCE_MS = 3000;

/**
 * /reset-password/{token}: the token comes from the path. The page first asks the server whether
 * the link still works: a used or expired one shows «Link ungültig» with «Neuen Link anfordern»
 * before anything is typed (and so does a link the server refuses on submit); an invitation
 * welcomes the person to the team and names the team's password rules up front.
 */
export default function ResetPasswordPage({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const [refusedLink, setRefusedLink] = useState<string | null>(null);
  // undefined while the server is asked; null when it could not say (the plain form then).
  const [link, setLink] = useState<ResetLink | null | undefined>(undefined);
  useEffect(() => {
    const signal = AbortSignal.timeout(PEEK_PATIENCE_MS);
    peekResetLink(token, signal).then(setLink, (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) setRefusedLink(error.userMessage);
      setLink(null);
    });
  }, [token]);
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

  // A moment's wait rather than a form whose title and rules change under the reader's eyes.
  if (link === undefined) return null;
  const invite = link?.purpose === 'invite' ? link : null;

  return (
    <AuthLayout
      title={invite ? COMMON_TEXTS.inviteTitle(invite.team) : COMMON_TEXTS.newPasswordTitle}
      subtitle={invite ? COMMON_TEXTS.inviteSubtitle(invite.name) : COMMON_TEXTS.newPasswordSubtitle}
      footer={<a href="/login">{COMMON_TEXTS.backToLogin}</a>}>
      <form className="mk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <PasswordField {...form.field('password')} label={COMMON_TEXTS.labelPassword} autoComplete="new-password" autoFocus />
        <PasswordField {...form.field('password_confirmation')} label={COMMON_TEXTS.labelPasswordConfirmation} autoComplete="new-password" />
        <SubmitButton busy={busy}>{COMMON_TEXTS.newPasswordButton}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
