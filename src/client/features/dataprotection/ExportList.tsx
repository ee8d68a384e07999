import { DownloadIcon } from '../../components/ui/icons/DownloadIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useExportsQuery } from './api/exports.ts';
import { DSGVO_TEXTS, formatDateTime } from './dsgvo-texts.ts';

const size = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`);

/** The caller's exports with their state; a ready one offers its download. */
export function ExportList() {
  const query = useExportsQuery();
  const list = query.data ?? [];
  return (
    <Box>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {DSGVO_TEXTS.exportsHeading}
      </Typography>
      {list.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {DSGVO_TEXTS.noExports}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={DSGVO_TEXTS.exportsHeading}>
          {list.map((e) => (
            <Box
              component="li"
              key={e.uuid}
              data-testid="export-row"
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1.25, borderBottom: '1px solid', borderColor: 'divider' }}
            >
              <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {e.label}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {formatDateTime(e.created_at)}
                  {e.size_bytes !== null ? ` · ${size(e.size_bytes)}` : ''}
                </Typography>
              </Box>
              {e.download_url ? (
                <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={e.download_url} download aria-label={DSGVO_TEXTS.downloadOf(e.label)}>
                  {DSGVO_TEXTS.download}
                </Button>
              ) : (
                <Chip size="small" variant="outlined" label={e.status === 'ready' ? DSGVO_TEXTS.expired : DSGVO_TEXTS.status[e.status]} color={e.status === 'failed' ? 'error' : 'default'} />
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
