import { Button } from '../../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../../components/ui/Dialog.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { UploadFileIcon } from '../../../components/ui/icons/UploadFileIcon.ts';
import { useState } from 'react';
import { MK } from '../../../../shared/messages.ts';
import { LIMITS } from '../../../../shared/constants.ts';
import { ASSET_ACCEPT, ASSET_DESCRIPTION_MIN, type AssetFile } from '../../../../shared/schemas/assets.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../state/snackbar-store.ts';
import { useDeleteAsset } from './api/delete-asset.ts';
import { useEditAsset } from './api/edit-asset.ts';
import { useUploadAsset } from './api/upload-asset.ts';
import { TS } from './texts.ts';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDialog.tsx';

const descriptionError = (text: string) => (text.trim().length < ASSET_DESCRIPTION_MIN ? TS.descriptionTooShort : '');

function DescriptionField({ value, error, onChange }: { value: string; error: string; onChange: (v: string) => void }) {
  return (
    <TextField
      label={TS.description}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error !== ''}
      helperText={error || TS.descriptionHelp}
      required
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: 2000 } }}
    />
  );
}

/** Choose a file and say when the Mika should offer it; the server checks everything again. */
export function UploadAssetDialog({ assistantUuid, onClose }: { assistantUuid: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const upload = useUploadAsset();
  const submit = () => {
    if (!file) return showError(MK.fileRequired);
    if (file.size > LIMITS.maxUploadBytes) return showError(MK.fileTooLarge);
    const invalid = descriptionError(description);
    if (invalid) return setError(invalid);
    upload.mutate(
      { assistantUuid, file, description: description.trim() },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields.description?.[0]) setError(err.fields.description[0]);
        },
      },
    );
  };
  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="asset-upload-title">
      <DialogTitle id="asset-upload-title">{TS.uploadTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {TS.chooseFile}
            <input hidden type="file" accept={ASSET_ACCEPT} data-testid="asset-file-input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Button>
          <Typography variant="body2" sx={{ color: file ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}>
            {file?.name ?? TS.noFile}
          </Typography>
        </Box>
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
          {TS.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={upload.isPending}>
          {TS.start}
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
    const next = { name: name.trim() ? '' : MK.nameRequired, description: descriptionError(description) };
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
      <DialogTitle id="asset-edit-title">{TS.editTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <TextField
          label={TS.name}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((old) => ({ ...old, name: '' }));
          }}
          error={errors.name !== ''}
          helperText={errors.name || TS.nameHelp}
          required
          slotProps={{ htmlInput: { maxLength: 200 } }}
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
        <Button onClick={onClose}>{TS.cancel}</Button>
        <Button variant="contained" onClick={save} loading={edit.isPending}>
          {TS.save}
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
      title={TS.deleteTitle}
      text={TS.deleteText(file.name)}
      confirmLabel={TS.delete}
      mutation={remove}
      variables={file.uuid}
      onClose={onClose}
    />
  );
}
