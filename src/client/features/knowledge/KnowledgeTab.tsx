import { COLORS } from '../../lib/theme-tokens.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Tooltip } from '../../components/ui/Tooltip.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { List, ListItem } from '../../components/ui/List.ts';
import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { EditIcon } from '../../components/ui/icons/EditIcon.ts';
import { ErrorOutlineIcon } from '../../components/ui/icons/ErrorOutlineIcon.ts';
import { FileIcon } from '../../components/ui/icons/FileIcon.ts';
import { ShieldIcon } from '../../components/ui/icons/ShieldIcon.ts';
import { useCallback, useState } from 'react';
import type { AssistantDetail } from '../../../shared/schemas/assistants.ts';
import type { KnowledgeFile } from '../../../shared/schemas/knowledge.ts';
import { useKnowledgeFiles } from './api/get-knowledge.ts';
import { DeleteFileDialog, EditFileDialog } from './FileDialogs.tsx';
import { QaEntries } from './QaEntries.tsx';
import { ProgressDialog, ProgressListDialog, RemovalDialog } from './ProgressDialog.tsx';
import { KNOWLEDGE_TEXTS } from './texts.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { UploadDialog } from './UploadDialog.tsx';
import { useKnowledgeProgress } from './use-knowledge-progress.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { WebsitesSection } from './WebsitesSection.tsx';
import { useFileDrop } from '../../lib/use-file-drop.ts';

/** The Wissen tab of the edit screen (docs/product/knowledge-and-tools.md): the assistant's knowledge files. */
export function KnowledgeTab({ assistant }: { assistant: AssistantDetail }) {
  const uuid = assistant.uuid;
  const files = useKnowledgeFiles(uuid);
  useKnowledgeProgress(uuid);
  const [uploading, setUploading] = useState(false);
  // Each opening of the upload dialog starts anew, with the files dropped on the tab if any.
  const [upload, setUpload] = useState<{ key: number; files: File[] }>({ key: 0, files: [] });
  const openUpload = (dropped: File[] = []) => {
    setUpload((current) => ({ key: current.key + 1, files: dropped }));
    setUploading(true);
  };
  const drop = useFileDrop((dropped) => openUpload(dropped), files.data !== undefined && !files.data.read_only);
  // The uploaded files whose training is followed (one: the progress dialog; several: the list dialog).
  const [followed, setFollowed] = useState<string[]>([]);
  const [editing, setEditing] = useState<KnowledgeFile | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeFile | null>(null);
  const closeProgress = useCallback(() => setFollowed([]), []);
  const [removed, setRemoved] = useState<string | null>(null);
  const closeRemoval = useCallback(() => setRemoved(null), []);

  if (files.isPending) {
    return (
      <Card sx={{ p: 3, maxWidth: 880 }} aria-busy aria-label={KNOWLEDGE_TEXTS.loading}>
        <Skeleton width={160} height={32} />
        <Skeleton width="80%" />
        <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
      </Card>
    );
  }
  if (files.isError) {
    return <LoadFailed query={files} text={KNOWLEDGE_TEXTS.loadFailed} />;
  }
  const { files: list, max_files, read_only: readOnly } = files.data;
  const followedFiles = list.filter((f) => followed.includes(f.uuid));

  return (
    <Card sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 880, position: 'relative' }} {...drop.targetProps} data-testid="knowledge-drop">
      {drop.over && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 8,
            zIndex: 1,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 2,
            border: `2px dashed ${COLORS.primary}`,
            bgcolor: 'rgba(20, 22, 26, 0.88)',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="h6" component="p">
            {KNOWLEDGE_TEXTS.dropHere}
          </Typography>
        </Box>
      )}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="h6" component="h2">
            {KNOWLEDGE_TEXTS.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {readOnly ? KNOWLEDGE_MESSAGES.guideReadOnly : KNOWLEDGE_TEXTS.info}
          </Typography>
        </Box>
        {!readOnly && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {KNOWLEDGE_TEXTS.count(list.length)}
            </Typography>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => openUpload()}
            >
              {KNOWLEDGE_TEXTS.upload}
            </Button>
          </Box>
        )}
      </Box>

      {list.length === 0 ? (
        <Typography sx={{ mt: 3, color: 'text.secondary' }}>{KNOWLEDGE_TEXTS.empty}</Typography>
      ) : (
        <List sx={{ mt: 2 }} aria-label={KNOWLEDGE_TEXTS.title} data-testid="knowledge-list">
          {list.map((f) => (
            <FileRow
              key={f.uuid}
              file={f}
              readOnly={readOnly}
              onEdit={() => setEditing(f)}
              onDelete={() => setDeleting(f)}
            />
          ))}
        </List>
      )}

      {!readOnly && <WebsitesSection assistantUuid={uuid} />}

      <UploadDialog
        key={upload.key}
        initialFiles={upload.files}
        assistantUuid={uuid}
        files={list}
        maxFiles={max_files}
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(uploaded) => {
          setUploading(false);
          setFollowed(uploaded.map((f) => f.uuid));
        }}
      />
      <QaEntries assistantUuid={uuid} />
      <ProgressDialog file={followed.length === 1 ? (followedFiles[0] ?? null) : null} onClose={closeProgress} />
      <ProgressListDialog files={followed.length > 1 ? followedFiles : []} onClose={closeProgress} />
      {editing && <EditFileDialog assistantUuid={uuid} file={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <DeleteFileDialog
          assistantUuid={uuid}
          file={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={setRemoved}
        />
      )}
      {/* Keyed by the file: each removal starts its dialog afresh. */}
      <RemovalDialog key={removed ?? ''} name={removed} onClose={closeRemoval} />
    </Card>
  );
}

function StatusChip({ file }: { file: KnowledgeFile }) {
  if (file.status === 'error')
    return (
      <Chip size="small" color="error" icon={<ErrorOutlineIcon />} label={KNOWLEDGE_TEXTS.status.error} />
    );
  if (file.status === 'ready')
    return <Chip size="small" color="success" variant="outlined" label={KNOWLEDGE_TEXTS.status.ready} />;
  return (
    <Chip
      size="small"
      color="primary"
      variant="outlined"
      icon={<CircularProgress size={12} />}
      label={KNOWLEDGE_TEXTS.status[file.status]}
    />
  );
}

function FileRow({
  file,
  readOnly,
  onEdit,
  onDelete,
}: {
  file: KnowledgeFile;
  readOnly: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <ListItem
      divider
      data-testid="knowledge-file"
      data-status={file.status}
      sx={{ alignItems: 'flex-start', gap: 1.5, px: 0.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <FileIcon style={{ marginTop: 4, color: COLORS.textSecondary }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
          <StatusChip file={file} />
          {file.is_filtered === 1 && (
            <Chip
              size="small"
              variant="outlined"
              icon={<ShieldIcon />}
              label={KNOWLEDGE_TEXTS.protectedChip}
            />
          )}
        </Box>
        {file.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25, overflowWrap: 'anywhere' }}>
            {file.description}
          </Typography>
        )}
        {file.status === 'error' && file.error && (
          <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
            {file.error}
          </Typography>
        )}
        {file.status === 'ready' && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {KNOWLEDGE_TEXTS.passages(file.passages)}
          </Typography>
        )}
      </Box>
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Tooltip title={KNOWLEDGE_TEXTS.edit}>
            <IconButton onClick={onEdit} aria-label={KNOWLEDGE_TEXTS.actionEdit(file.name)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={KNOWLEDGE_TEXTS.delete}>
            <IconButton onClick={onDelete} aria-label={KNOWLEDGE_TEXTS.actionDelete(file.name)}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Box>
      )}
    </ListItem>
  );
}
