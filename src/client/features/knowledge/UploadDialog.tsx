import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useState } from 'react';
import { MK } from '../../../shared/messages.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { KNOWLEDGE_ACCEPT, type KnowledgeFile } from '../../../shared/schemas/knowledge.ts';
import { showError } from '../../state/snackbar-store.ts';
import { useUploadKnowledge } from './api/upload-knowledge.ts';
import { TK } from './texts.ts';

/** Choose a file, describe it, decide on data protection; the server checks everything again. */
export function UploadDialog({
  assistantUuid,
  open,
  onClose,
  onUploaded,
}: {
  assistantUuid: string;
  open: boolean;
  onClose: () => void;
  onUploaded: (file: KnowledgeFile) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [dataProtection, setDataProtection] = useState(false);
  const upload = useUploadKnowledge();
  const reset = () => {
    setFile(null);
    setDescription('');
    setDataProtection(false);
  };
  const submit = () => {
    if (!file) return showError(MK.fileRequired);
    if (file.size > LIMITS.maxUploadBytes) return showError(MK.fileTooLarge);
    upload.mutate(
      { assistantUuid, file, description, dataProtection },
      {
        onSuccess: (result) => {
          reset();
          onUploaded(result.file);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={upload.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="knowledge-upload-title"
    >
      <DialogTitle id="knowledge-upload-title">{TK.uploadTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
            {TK.chooseFile}
            <input
              hidden
              type="file"
              accept={KNOWLEDGE_ACCEPT}
              data-testid="knowledge-file-input"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography
            variant="body2"
            sx={{ color: file ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {file?.name ?? TK.noFile}
          </Typography>
        </Box>
        <TextField
          label={TK.description}
          helperText={TK.descriptionHelp}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Box>
          <FormControlLabel
            control={
              <Switch checked={dataProtection} onChange={(e) => setDataProtection(e.target.checked)} />
            }
            label={TK.dataProtection}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {TK.dataProtectionHelp}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          {TK.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={upload.isPending}>
          {TK.start}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
