import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddRounded';
import DeleteIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditIcon from '@mui/icons-material/EditOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useState } from 'react';
import type { AssetFile } from '../../../../shared/schemas/assets.ts';
import { useAssetTool } from './api/get-asset-tool.ts';
import { useAssets } from './api/get-assets.ts';
import { DeleteAssetDialog, EditAssetDialog, UploadAssetDialog } from './AssetDialogs.tsx';
import { TS } from './texts.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';

const isImage = (extension: string) => ['png', 'jpg', 'jpeg'].includes(extension);

/**
 * The body of the Dateien card in the Tools tab (spec 02 §2): the files this Mika may hand out in
 * the chat, with upload, rename/describe and delete. The card's header (title, switch) is the
 * Tools tab's.
 */
export function AssetToolSettings({ assistantUuid }: { assistantUuid: string }) {
  const files = useAssets(assistantUuid);
  const tool = useAssetTool(assistantUuid);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<AssetFile | null>(null);
  const [deleting, setDeleting] = useState<AssetFile | null>(null);

  if (files.isPending) {
    return (
      <Box aria-busy aria-label={TS.loading}>
        <Skeleton width="70%" />
        <Skeleton variant="rounded" height={80} sx={{ mt: 1.5 }} />
      </Box>
    );
  }
  if (files.isError) {
    return <LoadFailed query={files} text={TS.loadFailed} />;
  }
  const { files: list, max_files } = files.data;

  return (
    <Box data-testid="asset-tool-settings">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 320px' }}>
          {TS.info}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {TS.count(list.length)}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setUploading(true)} disabled={list.length >= max_files}>
            {TS.upload}
          </Button>
        </Box>
      </Box>
      {tool.data?.active === false && list.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {TS.inactive}
        </Alert>
      )}

      {list.length === 0 ? (
        <Typography sx={{ mt: 2.5, color: 'text.secondary' }}>{TS.empty}</Typography>
      ) : (
        <List sx={{ mt: 1.5 }} aria-label={TS.listLabel} data-testid="asset-list">
          {list.map((f) => (
            <AssetRow key={f.uuid} file={f} onEdit={() => setEditing(f)} onDelete={() => setDeleting(f)} />
          ))}
        </List>
      )}

      {uploading && <UploadAssetDialog assistantUuid={assistantUuid} onClose={() => setUploading(false)} />}
      {editing && <EditAssetDialog assistantUuid={assistantUuid} file={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteAssetDialog assistantUuid={assistantUuid} file={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

function AssetRow({ file, onEdit, onDelete }: { file: AssetFile; onEdit: () => void; onDelete: () => void }) {
  const Icon = isImage(file.extension) ? ImageIcon : FileIcon;
  return (
    <ListItem divider data-testid="asset-file" sx={{ alignItems: 'flex-start', gap: 1.5, px: 0.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Icon sx={{ mt: 0.5, color: 'text.secondary' }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
          <Chip size="small" variant="outlined" label={file.extension.toUpperCase()} />
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.25, overflowWrap: 'anywhere' }}>
          {file.description}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <Tooltip title={TS.edit}>
          <IconButton onClick={onEdit} aria-label={TS.actionEdit(file.name)}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={TS.delete}>
          <IconButton onClick={onDelete} aria-label={TS.actionDelete(file.name)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
