import { Button } from '../../components/ui/Button.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { MailIcon } from '../../components/ui/icons/MailIcon.ts';
import type { TeamUser } from '../../../shared/schemas/users.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useResendInvitation } from './api/resend-invitation.ts';
import { USER_TEXTS } from './texts.ts';

/**
 * «Einladung erneut senden» for a user whose invitation is still open: when the first mail expired
 * (7 days) or got lost. The server refuses it for someone who has set a password.
 */
export function ResendInvitationButton({ member }: { member: TeamUser }) {
  const mutation = useResendInvitation();
  const resend = () =>
    mutation.mutate(member.uuid, {
      onSuccess: (result) => showSuccess(result.message),
    });
  return (
    <Button
      variant="outlined"
      // Neutral: beside «User löschen» it must not read as a second destructive action.
      color="inherit"
      onClick={resend}
      disabled={mutation.isPending}
      startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : <MailIcon />}
    >
      {USER_TEXTS.resendInvitation}
    </Button>
  );
}
