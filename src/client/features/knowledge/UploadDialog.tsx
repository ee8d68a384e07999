import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../components/ui/Dialog.ts';
import { FormControlLabel } from '../../components/ui/FormControlLabel.ts';
import { Switch } from '../../components/ui/Switch.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { UploadFileIcon } from '../../components/ui/icons/UploadFileIcon.ts';
import { useState } from 'react';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { KNOWLEDGE_ACCEPT, type KnowledgeFile } from '../../../shared/schemas/knowledge.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { uploadRefusal } from '../../lib/upload-refusal.ts';
import { useUploadKnowledge } from './api/upload-knowledge.ts';
import { KNOWLEDGE_TEXTS } from './texts.ts';
import { earlierVersion } from './versions.ts';

/**
 * Choose a file, describe it, decide on data protection; the server checks everything again. A
 * file named like one the Mika has is offered as its new version (switched on for the same name,
 * off for a similar one, versions.ts): the earlier one goes once the new one is read. At the file limit only such a new version can be uploaded. The
 * server's refusal (wrong content, a password, a file the Mika knows) stays in the dialog under the
 * file it is about, until another file is chosen; a failure that is no refusal goes to the snackbar.
 */
export function UploadDialog({
  assistantUuid,
  files,
  full,
  open,
  onClose,
  onUploaded,
}: {
  assistantUuid: string;
  files: KnowledgeFile[];
  /** At the file limit: only a new version of a file the Mika has may come in. */
  full: boolean;
  open: boolean;
  onClose: () => void;
  onUploaded: (file: KnowledgeFile) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(true);
  // The file this one is probably a new version of: the same name (offered switched on), or a
  // similar one — another year, «v2», «final» — offered switched off: the user says whether it is.
  const earlier = file ? earlierVersion(file.name, files) : undefined;
  const namesake = earlier?.file;
  const blocked = full && !(namesake && replace);
  const [description, setDescription] = useState('');
  const [dataProtection, setDataProtection] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useUploadKnowledge();
  const reset = () => {
    setFile(null);
    setReplace(true);
    setDescription('');
    setDataProtection(false);
    setRefusal(null);
  };
  // Cancelled: the next opening starts empty (no file, no refusal from this one).
  const close = () => {
    reset();
    onClose();
  };
  const submit = () => {
    if (!file) return setRefusal(KNOWLEDGE_MESSAGES.fileRequired);
    if (file.size > LIMITS.maxUploadBytes) return setRefusal(KNOWLEDGE_MESSAGES.fileTooLarge);
    setRefusal(null);
    upload.mutate(
      { assistantUuid, file, description, dataProtection, replaces: namesake && replace ? namesake.uuid : undefined },
      {
        onSuccess: (result) => {
          reset();
          onUploaded(result.file);
        },
        onError: (error) => setRefusal(uploadRefusal(error)),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={upload.isPending ? undefined : close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="knowledge-upload-title"
    >
      <DialogTitle id="knowledge-upload-title">{KNOWLEDGE_TEXTS.uploadTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        {full && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="knowledge-full">
            {KNOWLEDGE_TEXTS.fullReplaceOnly(files.length)}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
            {KNOWLEDGE_TEXTS.chooseFile}
            <input
              hidden
              type="file"
              accept={KNOWLEDGE_ACCEPT}
              data-testid="knowledge-file-input"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setReplace(chosen ? (earlierVersion(chosen.name, files)?.exact ?? false) : true);
                setRefusal(null);
              }}
            />
          </Button>
          <Typography
            variant="body2"
            sx={{ color: file ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {file?.name ?? KNOWLEDGE_TEXTS.noFile}
          </Typography>
        </Box>
        {refusal && (
          <Alert severity="error" data-testid="knowledge-upload-refusal">
            {refusal}
          </Alert>
        )}
        {namesake && (
          <Box>
            <FormControlLabel
              control={<Switch checked={replace} onChange={(e) => setReplace(e.target.checked)} />}
              label={KNOWLEDGE_TEXTS.replace(namesake.name)}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {earlier?.exact ? KNOWLEDGE_TEXTS.replaceHelp : KNOWLEDGE_TEXTS.replaceSimilarHelp(namesake.name)}
            </Typography>
          </Box>
        )}
        <TextField
          label={KNOWLEDGE_TEXTS.description}
          helperText={KNOWLEDGE_TEXTS.descriptionHelp}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          htmlInput={{ maxLength: 2000 }}
        />
        <Box>
          <FormControlLabel
            control={
              <Switch checked={dataProtection} onChange={(e) => setDataProtection(e.target.checked)} />
            }
            label={KNOWLEDGE_TEXTS.dataProtection}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {KNOWLEDGE_TEXTS.dataProtectionHelp}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={upload.isPending}>
          {KNOWLEDGE_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={submit} loading={upload.isPending} disabled={blocked}>
          {KNOWLEDGE_TEXTS.start}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
