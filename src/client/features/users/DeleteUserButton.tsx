import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../components/ui/Dialog.ts';
import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TeamUser } from '../../../shared/schemas/users.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { USER_TEXTS } from './texts.ts';
import { useDeleteUserMutation } from './users-api.ts';
import { userListPath } from './user-view.ts';
import { Hint } from '../../components/ui/Hint.tsx';

interface Props {
  member: TeamUser;
  self: boolean;
}

/** "User löschen" with a confirm dialog; locked for the owner and for oneself. */
export function DeleteUserButton({ member, self }: Props) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const mutation = useDeleteUserMutation();
  const lockedReason = member.role === 'owner' ? USER_TEXTS.deleteOwner : self ? USER_TEXTS.deleteSelf : null;

  const confirm = async () => {
    try {
      const result = await mutation.mutateAsync(member.uuid);
      showSuccess(result.message);
      setOpen(false);
      void navigate(userListPath());
    } catch {
      // The api client has shown the server's message.
    }
  };

  const button = (
    <Button
      variant="outlined"
      color="error"
      startIcon={<DeleteIcon />}
      disabled={lockedReason !== null}
      onClick={() => setOpen(true)}
    >
      {USER_TEXTS.deleteButton}
    </Button>
  );

  return (
    <>
      {lockedReason ? (
        <Hint title={lockedReason} disabled label={`${USER_TEXTS.deleteButton}: ${lockedReason}`}>
          {button}
        </Hint>
      ) : (
        button
      )}
      <Dialog
        open={open}
        onClose={() => !mutation.isPending && setOpen(false)}
        aria-labelledby="delete-user-title"
        paperWidth={400}
      >
        <DialogTitle id="delete-user-title">{USER_TEXTS.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{USER_TEXTS.deleteText(member.name)}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => setOpen(false)} disabled={mutation.isPending}>
            {USER_TEXTS.cancel}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirm()}
            disabled={mutation.isPending}
            loading={mutation.isPending}
          >
            {USER_TEXTS.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
