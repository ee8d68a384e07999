import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../components/ui/Dialog.ts';
import type { McpServerAdmin } from '../../../shared/schemas/tools.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useDeleteMcpServer } from './api/delete-mcp-server.ts';
import { INSIGHT_TEXTS } from './texts.ts';

/** Delete after a confirmation → "Externes Tool gelöscht". */
export function DeleteMcpServerDialog({
  teamUuid,
  server,
  onClose,
}: {
  teamUuid: string;
  server: McpServerAdmin;
  onClose: () => void;
}) {
  const remove = useDeleteMcpServer(teamUuid);
  const confirm = () =>
    remove.mutate(server.id, {
      onSuccess: (result) => {
        showSuccess(result.message);
        onClose();
      },
    });
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="mcp-delete-title"
      aria-describedby="mcp-delete-text"
    >
      <DialogTitle id="mcp-delete-title">{INSIGHT_TEXTS.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="mcp-delete-text" sx={{ overflowWrap: 'anywhere' }}>
          {INSIGHT_TEXTS.deleteText(server.name)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{INSIGHT_TEXTS.cancel}</Button>
        <Button color="error" variant="contained" onClick={confirm} loading={remove.isPending}>
          {INSIGHT_TEXTS.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
