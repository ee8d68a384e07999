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
import { showSuccess } from '../../state/snackbar-store.ts';
import { appendAll } from '../../../shared/arrays.ts';
import { useUploadKnowledge } from './api/upload-knowledge.ts';
import { KNOWLEDGE_TEXTS } from './texts.ts';
import { earlierVersion, sameNamed } from './versions.ts';
import { useFileDrop } from '../../lib/use-file-drop.ts';

/** One chosen file with the name of a file the Mika has replaces it unless switched off; a similar name waits for the user. */
const replaceByDefault = (picked: File[], files: KnowledgeFile[]) => picked.length !== 1 || sameNamed(picked[0]!.name, files) !== undefined;

/** A chosen file: still to go up (no refusal), or refused by the server with its reason. */
interface Chosen {
  file: File;
  refusal: string | null;
}

/**
 * Choose one file or several, describe them, decide on data protection; the server checks
 * everything again. One file named like one the Mika has is offered as its new version (switched
 * on for the same name, off for a similar one, versions.ts): the earlier one goes once the new one
 * is read. At the file limit only such a new version can be uploaded. The server's refusal (wrong
 * content, a password, a file the Mika knows) stays in the dialog under the file it is about; a
 * failure that is no refusal goes to the snackbar. Several files go up one after another (each
 * with the same name as a file the Mika has replaces it); when all went up, one dialog follows
 * their training; the refused ones stay in this dialog with their reasons (the list shows the
 * others being read).
 */
export function UploadDialog({
  assistantUuid,
  files,
  maxFiles,
  open,
  initialFiles = [],
  onClose,
  onUploaded,
}: {
  assistantUuid: string;
  /** Files dropped on the Wissen tab, chosen already. */
  initialFiles?: File[];
  files: KnowledgeFile[];
  /** The Mika's file limit: at it, only a new version of a file the Mika has may come in. */
  maxFiles: number;
  open: boolean;
  onClose: () => void;
  /** The files that went up (their training is followed); called when the dialog is done. */
  onUploaded: (files: KnowledgeFile[]) => void;
}) {
  const [chosen, setChosen] = useState<Chosen[]>(() => initialFiles.map((f) => ({ file: f, refusal: null })));
  const [replace, setReplace] = useState(() => replaceByDefault(initialFiles, files));
  const [description, setDescription] = useState('');
  const [dataProtection, setDataProtection] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const upload = useUploadKnowledge();
  const busy = sending !== null;
  const file = chosen.length === 1 ? chosen[0]!.file : null;
  // The file this one is probably a new version of: the same name (offered switched on), or a
  // similar one — another year, «v2», «final» — offered switched off: the user says whether it is.
  const earlier = file ? earlierVersion(file.name, files) : undefined;
  const namesake = earlier?.file;
  const full = files.length >= maxFiles;
  // Several files: those named like a file the Mika has replace it; the others need room.
  const room = maxFiles - files.length;
  const newcomers = chosen.filter((c) => !sameNamed(c.file.name, files)).length;
  const blocked = chosen.length > 1 ? newcomers > room : full && !(namesake && replace);
  const replacing = (f: File) => (chosen.length === 1 ? (replace ? namesake : undefined) : sameNamed(f.name, files))?.uuid;
  const choose = (picked: File[]) => {
    setChosen(picked.map((f) => ({ file: f, refusal: null })));
    setReplace(replaceByDefault(picked, files));
    setRefusal(null);
  };
  // Files dragged onto the open dialog are chosen as if picked.
  const drop = useFileDrop(choose, !busy);
  // One file or several, one after another; the dialog is opened anew each time (KnowledgeTab), so
  // nothing needs resetting when it closes.
  const submit = async () => {
    if (chosen.length === 0) return setRefusal(KNOWLEDGE_MESSAGES.fileRequired);
    setRefusal(null);
    const left: Chosen[] = [];
    const uploaded: KnowledgeFile[] = [];
    for (const [i, c] of chosen.entries()) {
      setSending(i + 1);
      if (c.file.size > LIMITS.maxUploadBytes) {
        left.push({ file: c.file, refusal: KNOWLEDGE_MESSAGES.fileTooLarge });
        continue;
      }
      try {
        uploaded.push((await upload.mutateAsync({ assistantUuid, file: c.file, description, dataProtection, replaces: replacing(c.file) })).file);
      } catch (error) {
        const reason = uploadRefusal(error);
        // Not a refusal of this file (the network, the server): the snackbar said so; stop here.
        if (reason === null) {
          appendAll(left, chosen.slice(i).map((rest) => ({ file: rest.file, refusal: null })));
          break;
        }
        left.push({ file: c.file, refusal: reason });
      }
    }
    setSending(null);
    // One file: its training dialog says «Datei hochgeladen» when it is read.
    if (chosen.length > 1 && uploaded.length > 0) showSuccess(KNOWLEDGE_TEXTS.uploadedMany(uploaded.length));
    if (left.length === 0) return onUploaded(uploaded);
    setChosen(left);
    // One file left: the dialog shows it as a single choice, its reason under it.
    if (left.length === 1) {
      setRefusal(left[0]!.refusal);
      setReplace(replaceByDefault([left[0]!.file], files));
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="knowledge-upload-title"
    >
      <DialogTitle id="knowledge-upload-title">{KNOWLEDGE_TEXTS.uploadTitle}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, ...drop.outline }} {...drop.targetProps}>
        {full && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="knowledge-full">
            {KNOWLEDGE_TEXTS.fullReplaceOnly(files.length)}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
            {KNOWLEDGE_TEXTS.chooseFile}
            <input
              hidden
              multiple
              type="file"
              accept={KNOWLEDGE_ACCEPT}
              data-testid="knowledge-file-input"
              onChange={(e) => choose([...(e.target.files ?? [])])}
            />
          </Button>
          <Typography
            variant="body2"
            sx={{ color: chosen.length > 0 ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {file?.name ?? (chosen.length > 1 ? KNOWLEDGE_TEXTS.chosenFiles(chosen.length) : KNOWLEDGE_TEXTS.noFile)}
          </Typography>
        </Box>
        {chosen.length > 1 && (
          <Box component="ul" aria-label={KNOWLEDGE_TEXTS.chosenFiles(chosen.length)} data-testid="knowledge-chosen" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {chosen.map((c, i) => (
              <Box component="li" key={`${i}-${c.file.name}`} sx={{ display: 'grid', gap: 0.5 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {c.file.name}
                  {sameNamed(c.file.name, files) && (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {' – '}
                      {KNOWLEDGE_TEXTS.replacesExisting}
                    </Box>
                  )}
                </Typography>
                {c.refusal && (
                  <Alert severity="error" sx={{ py: 0 }}>
                    {c.refusal}
                  </Alert>
                )}
              </Box>
            ))}
          </Box>
        )}
        {chosen.length > 1 && blocked && (
          <Alert severity="warning" data-testid="knowledge-too-many">
            {KNOWLEDGE_TEXTS.tooManyChosen(Math.max(0, room))}
          </Alert>
        )}
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
        {sending !== null && chosen.length > 1 && (
          <Typography variant="body2" aria-live="polite" sx={{ color: 'text.secondary' }}>
            {KNOWLEDGE_TEXTS.sendingMany(sending, chosen.length)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {KNOWLEDGE_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={busy} disabled={blocked}>
          {KNOWLEDGE_TEXTS.start}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
