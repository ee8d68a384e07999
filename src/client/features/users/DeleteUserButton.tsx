import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../components/ui/Dialog.ts';
import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TeamUser } from '../../../shared/schemas/users.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { UT } from './texts.ts';
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
  const lockedReason = member.role === 'owner' ? UT.deleteOwner : self ? UT.deleteSelf : null;

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
      {UT.deleteButton}
    </Button>
  );

  return (
    <>
      {lockedReason ? (
        <Hint title={lockedReason} disabled label={`${UT.deleteButton}: ${lockedReason}`}>
          {button}
        </Hint>
      ) : (
        button
      )}
      <Dialog
        open={open}
        onClose={() => !mutation.isPending && setOpen(false)}
        aria-labelledby="delete-user-title"
        slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
      >
        <DialogTitle id="delete-user-title">{UT.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{UT.deleteText(member.name)}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => setOpen(false)} disabled={mutation.isPending}>
            {UT.cancel}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirm()}
            disabled={mutation.isPending}
            loading={mutation.isPending}
          >
            {UT.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
