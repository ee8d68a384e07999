import { Button } from '../../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../../components/ui/Dialog.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { UploadFileIcon } from '../../../components/ui/icons/UploadFileIcon.ts';
import { useState } from 'react';
import { KNOWLEDGE_MESSAGES } from '../../../../shared/messages.ts';
import { LIMITS } from '../../../../shared/constants.ts';
import { ASSET_ACCEPT, ASSET_DESCRIPTION_MIN, type AssetFile } from '../../../../shared/schemas/assets.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadRefusal } from '../../../lib/upload-refusal.ts';
import { useFileDrop } from '../../../lib/use-file-drop.ts';
import { Alert } from '../../../components/ui/Alert.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useDeleteAsset } from './api/delete-asset.ts';
import { useEditAsset } from './api/edit-asset.ts';
import { useUploadAsset } from './api/upload-asset.ts';
import { ASSET_TEXTS } from './texts.ts';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDialog.tsx';

const descriptionError = (text: string) => (text.trim().length < ASSET_DESCRIPTION_MIN ? ASSET_TEXTS.descriptionTooShort : '');

function DescriptionField({ value, error, onChange }: { value: string; error: string; onChange: (v: string) => void }) {
  return (
    <TextField
      label={ASSET_TEXTS.description}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error !== ''}
      helperText={error || ASSET_TEXTS.descriptionHelp}
      required
      multiline
      minRows={2}
      htmlInput={{ maxLength: 2000 }}
    />
  );
}

/**
 * Choose a file and say when the Mika should offer it; the server checks everything again. A
 * refusal of the file stays in the dialog under it until another file is chosen; one of the
 * description at the description.
 */
export function UploadAssetDialog({ assistantUuid, onClose }: { assistantUuid: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useUploadAsset();
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setRefusal(null);
  };
  // A file dragged onto the dialog is chosen as if picked (the first, when several are dropped).
  const drop = useFileDrop((dropped) => choose(dropped[0] ?? null), !upload.isPending);
  const submit = () => {
    if (!file) return setRefusal(KNOWLEDGE_MESSAGES.fileRequired);
    if (file.size > LIMITS.maxUploadBytes) return setRefusal(KNOWLEDGE_MESSAGES.fileTooLarge);
    const invalid = descriptionError(description);
    if (invalid) return setError(invalid);
    setRefusal(null);
    upload.mutate(
      { assistantUuid, file, description: description.trim() },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields.description?.[0]) setError(err.fields.description[0]);
          else setRefusal(uploadRefusal(err));
        },
      },
    );
  };
  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="asset-upload-title">
      <DialogTitle id="asset-upload-title">{ASSET_TEXTS.uploadTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, ...drop.outline }} {...drop.targetProps}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {ASSET_TEXTS.chooseFile}
            <input
              hidden
              type="file"
              accept={ASSET_ACCEPT}
              data-testid="asset-file-input"
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2" sx={{ color: file ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}>
            {file?.name ?? ASSET_TEXTS.noFile}
          </Typography>
        </Box>
        {refusal && (
          <Alert severity="error" data-testid="asset-upload-refusal">
            {refusal}
          </Alert>
        )}
        <DescriptionField
          value={description}
          error={error}
          onChange={(v) => {
            setDescription(v);
            setError('');
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          {ASSET_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={upload.isPending}>
          {ASSET_TEXTS.start}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface FileDialogProps {
  assistantUuid: string;
  file: AssetFile;
  onClose: () => void;
}

/** Rename (the extension stays) and describe → "Aktualisiert". */
export function EditAssetDialog({ assistantUuid, file, onClose }: FileDialogProps) {
  const [name, setName] = useState(file.name);
  const [description, setDescription] = useState(file.description);
  const [errors, setErrors] = useState({ name: '', description: '' });
  const edit = useEditAsset(assistantUuid);
  const save = () => {
    const next = { name: name.trim() ? '' : KNOWLEDGE_MESSAGES.nameRequired, description: descriptionError(description) };
    if (next.name || next.description) return setErrors(next);
    edit.mutate(
      { fileUuid: file.uuid, name: name.trim(), description: description.trim() },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError) setErrors({ name: err.fields.name?.[0] ?? '', description: err.fields.description?.[0] ?? '' });
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="asset-edit-title">
      <DialogTitle id="asset-edit-title">{ASSET_TEXTS.editTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <TextField
          label={ASSET_TEXTS.name}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((old) => ({ ...old, name: '' }));
          }}
          error={errors.name !== ''}
          helperText={errors.name || ASSET_TEXTS.nameHelp}
          required
          htmlInput={{ maxLength: 200 }}
        />
        <DescriptionField
          value={description}
          error={errors.description}
          onChange={(v) => {
            setDescription(v);
            setErrors((old) => ({ ...old, description: '' }));
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{ASSET_TEXTS.cancel}</Button>
        <Button variant="contained" onClick={save} loading={edit.isPending}>
          {ASSET_TEXTS.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Delete after a confirmation → "Datei gelöscht". */
export function DeleteAssetDialog({ assistantUuid, file, onClose }: FileDialogProps) {
  const remove = useDeleteAsset(assistantUuid);
  return (
    <ConfirmDeleteDialog
      title={ASSET_TEXTS.deleteTitle}
      text={ASSET_TEXTS.deleteText(file.name)}
      confirmLabel={ASSET_TEXTS.delete}
      mutation={remove}
      variables={file.uuid}
      onClose={onClose}
    />
  );
}
