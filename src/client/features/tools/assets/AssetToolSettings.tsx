import { COLORS } from '../../../lib/theme-tokens.ts';
import { Button } from '../../../components/ui/Button.ts';
import { IconButton } from '../../../components/ui/IconButton.ts';
import { Alert } from '../../../components/ui/Alert.ts';
import { Chip } from '../../../components/ui/Chip.ts';
import { Skeleton } from '../../../components/ui/Skeleton.ts';
import { Tooltip } from '../../../components/ui/Tooltip.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { List, ListItem } from '../../../components/ui/List.ts';
import { AddIcon } from '../../../components/ui/icons/AddIcon.ts';
import { DeleteIcon } from '../../../components/ui/icons/DeleteIcon.ts';
import { EditIcon } from '../../../components/ui/icons/EditIcon.ts';
import { FileIcon } from '../../../components/ui/icons/FileIcon.ts';
import { PictureIcon } from '../../../components/ui/icons/PictureIcon.ts';
import { useState } from 'react';
import type { AssetFile } from '../../../../shared/schemas/assets.ts';
import { useAssetTool } from './api/get-asset-tool.ts';
import { useAssets } from './api/get-assets.ts';
import { DeleteAssetDialog, EditAssetDialog, UploadAssetDialog } from './AssetDialogs.tsx';
import { ASSET_TEXTS } from './texts.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';

const isImage = (extension: string) => ['png', 'jpg', 'jpeg'].includes(extension);

/**
 * The body of the Dateien card in the Tools tab (docs/product/knowledge-and-tools.md): the files this Mika may hand out in
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
      <Box aria-busy aria-label={ASSET_TEXTS.loading}>
        <Skeleton width="70%" />
        <Skeleton variant="rounded" height={80} sx={{ mt: 1.5 }} />
      </Box>
    );
  }
  if (files.isError) {
    return <LoadFailed query={files} text={ASSET_TEXTS.loadFailed} />;
  }
  const { files: list, max_files } = files.data;

  return (
    <Box data-testid="asset-tool-settings">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 320px' }}>
          {ASSET_TEXTS.info}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {ASSET_TEXTS.count(list.length)}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setUploading(true)} disabled={list.length >= max_files}>
            {ASSET_TEXTS.upload}
          </Button>
        </Box>
      </Box>
      {tool.data?.active === false && list.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {ASSET_TEXTS.inactive}
        </Alert>
      )}

      {list.length === 0 ? (
        <Typography sx={{ mt: 2.5, color: 'text.secondary' }}>{ASSET_TEXTS.empty}</Typography>
      ) : (
        <List sx={{ mt: 1.5 }} aria-label={ASSET_TEXTS.listLabel} data-testid="asset-list">
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
  const Icon = isImage(file.extension) ? PictureIcon : FileIcon;
  return (
    <ListItem divider data-testid="asset-file" sx={{ alignItems: 'flex-start', gap: 1.5, px: 0.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Icon style={{ marginTop: 4, color: COLORS.textSecondary }} />
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
        <Tooltip title={ASSET_TEXTS.edit}>
          <IconButton onClick={onEdit} aria-label={ASSET_TEXTS.actionEdit(file.name)}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={ASSET_TEXTS.delete}>
          <IconButton onClick={onDelete} aria-label={ASSET_TEXTS.actionDelete(file.name)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
