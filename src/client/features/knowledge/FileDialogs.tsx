import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../components/ui/Dialog.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { useState } from 'react';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import type { KnowledgeFile } from '../../../shared/schemas/knowledge.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useDeleteKnowledge } from './api/delete-knowledge.ts';
import { useEditKnowledge } from './api/edit-knowledge.ts';
import { KNOWLEDGE_TEXTS } from './texts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

interface FileDialogProps {
  assistantUuid: string;
  file: KnowledgeFile;
  onClose: () => void;
}

/** Rename and describe a file → "Aktualisiert". */
export function EditFileDialog({ assistantUuid, file, onClose }: FileDialogProps) {
  const [name, setName] = useState(file.name);
  const [description, setDescription] = useState(file.description);
  const [nameError, setNameError] = useState('');
  const edit = useEditKnowledge(assistantUuid);
  const save = () => {
    if (!name.trim()) return setNameError(KNOWLEDGE_MESSAGES.nameRequired);
    edit.mutate(
      { fileUuid: file.uuid, name: name.trim(), description: description.trim() },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields.name?.[0]) setNameError(error.fields.name[0]);
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="knowledge-edit-title">
      <DialogTitle id="knowledge-edit-title">{KNOWLEDGE_TEXTS.editTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <TextField
          label={KNOWLEDGE_TEXTS.name}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameError('');
          }}
          error={nameError !== ''}
          helperText={nameError || ' '}
          required
          htmlInput={{ maxLength: 200 }}
        />
        <TextField
          label={KNOWLEDGE_TEXTS.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          htmlInput={{ maxLength: 2000 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{KNOWLEDGE_TEXTS.cancel}</Button>
        <Button variant="contained" onClick={save} loading={edit.isPending}>
          {KNOWLEDGE_TEXTS.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Delete after a confirmation → "Datei gelöscht"; its passages leave retrieval at once. */
export function DeleteFileDialog({ assistantUuid, file, onClose, onDeleted }: FileDialogProps & { onDeleted: (name: string) => void }) {
  const remove = useDeleteKnowledge(assistantUuid);
  // docs/product/knowledge-and-tools.md: deleting trains the Mika anew — the removal dialog follows (RemovalDialog).
  const confirm = () =>
    remove.mutate(file.uuid, {
      onSuccess: () => {
        onClose();
        onDeleted(file.name);
      },
    });
  return (
    <ConfirmDialog
      title={KNOWLEDGE_TEXTS.deleteTitle}
      text={KNOWLEDGE_TEXTS.deleteText(file.name)}
      confirmLabel={KNOWLEDGE_TEXTS.delete}
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
