import { COLORS } from '../../lib/theme-tokens.ts';
import { Button } from '../../components/ui/Button.ts';
import { IconButton } from '../../components/ui/IconButton.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../components/ui/Dialog.ts';
import { LinearProgress } from '../../components/ui/LinearProgress.ts';
import { Tooltip } from '../../components/ui/Tooltip.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { List, ListItem } from '../../components/ui/List.ts';
import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { ErrorOutlineIcon } from '../../components/ui/icons/ErrorOutlineIcon.ts';
import { OpenInNewIcon } from '../../components/ui/icons/OpenInNewIcon.ts';
import { RefreshIcon } from '../../components/ui/icons/RefreshIcon.ts';
import { ShieldIcon } from '../../components/ui/icons/ShieldIcon.ts';
import { useState } from 'react';
import type { Website } from '../../../shared/schemas/websites.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useDeleteWebsite } from './api/delete-website.ts';
import { useSyncWebsite } from './api/sync-website.ts';
import { useWebsites } from './api/get-websites.ts';
import { WebsiteDialog } from './WebsiteDialog.tsx';
import { WEBSITE_TEXTS } from './website-texts.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The websites of the Wissen tab: status, pages, last and next sync, per-page reasons, sync now and remove. */
export function WebsitesSection({ assistantUuid }: { assistantUuid: string }) {
  const websites = useWebsites(assistantUuid);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Website | null>(null);
  const sync = useSyncWebsite(assistantUuid);
  const remove = useDeleteWebsite(assistantUuid);

  return (
    <Box component="section" aria-labelledby="websites-title" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="h6" component="h3" id="websites-title">
            {WEBSITE_TEXTS.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {WEBSITE_TEXTS.info}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {WEBSITE_TEXTS.add}
        </Button>
      </Box>
      {websites.isError ? (
        <LoadFailed query={websites} text={WEBSITE_TEXTS.loadFailed} />
      ) : websites.data && websites.data.websites.length === 0 ? (
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>{WEBSITE_TEXTS.empty}</Typography>
      ) : (
        <List sx={{ mt: 1 }} aria-label={WEBSITE_TEXTS.title} data-testid="website-list">
          {websites.data?.websites.map((w) => (
            <WebsiteRow
              key={w.uuid}
              website={w}
              syncing={sync.isPending && sync.variables === w.uuid}
              onSync={() => sync.mutate(w.uuid, { onSuccess: (r) => showSuccess(r.message) })}
              onDelete={() => setDeleting(w)}
            />
          ))}
        </List>
      )}
      <WebsiteDialog assistantUuid={assistantUuid} open={adding} onClose={() => setAdding(false)} />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="website-delete-title">
        <DialogTitle id="website-delete-title">{WEBSITE_TEXTS.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{deleting && WEBSITE_TEXTS.deleteText(deleting.url)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{WEBSITE_TEXTS.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() =>
              deleting &&
              remove.mutate(deleting.uuid, {
                onSuccess: (r) => {
                  showSuccess(r.message);
                  setDeleting(null);
                },
              })
            }
          >
            {WEBSITE_TEXTS.delete}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function WebsiteRow({ website: w, syncing, onSync, onDelete }: { website: Website; syncing: boolean; onSync: () => void; onDelete: () => void }) {
  const running = w.status === 'queued' || w.status === 'crawling';
  return (
    <ListItem divider data-testid="website" data-status={w.status} sx={{ alignItems: 'flex-start', gap: 1.5, px: 0.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <OpenInNewIcon style={{ marginTop: 4, color: COLORS.textSecondary }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="a" href={w.url} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600, overflowWrap: 'anywhere', color: 'text.primary' }}>
            {w.url}
          </Typography>
          <Chip
            size="small"
            color={w.status === 'error' ? 'error' : w.status === 'ready' ? 'success' : 'primary'}
            variant={w.status === 'error' ? 'filled' : 'outlined'}
            icon={running ? <CircularProgress size={12} /> : w.status === 'error' ? <ErrorOutlineIcon /> : undefined}
            label={WEBSITE_TEXTS.status[w.status]}
          />
          {w.is_filtered === 1 && <Chip size="small" variant="outlined" icon={<ShieldIcon />} label={WEBSITE_TEXTS.dataProtection} />}
        </Box>
        {running && (
          <Box sx={{ mt: 1 }} data-testid="website-progress">
            <Typography variant="body2">{WEBSITE_TEXTS.progress(w.progress.done, w.progress.total)}</Typography>
            <LinearProgress
              variant={w.progress.total > 0 ? 'determinate' : 'indeterminate'}
              value={w.progress.total > 0 ? (100 * w.progress.done) / w.progress.total : 0}
              sx={{ mt: 0.5, maxWidth: 360 }}
              aria-label={WEBSITE_TEXTS.progress(w.progress.done, w.progress.total)}
            />
          </Box>
        )}
        {w.error && (
          <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
            {w.error}
          </Typography>
        )}
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {[
            WEBSITE_TEXTS.pages(w.pages),
            w.lastSync ? WEBSITE_TEXTS.lastSync(when(w.lastSync)) : WEBSITE_TEXTS.neverSynced,
            w.nextSync ? WEBSITE_TEXTS.nextSync(when(w.nextSync)) : w.interval === 'manual' ? WEBSITE_TEXTS.manualOnly : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {w.errors.length > 0 && (
          <Box component="details" sx={{ mt: 0.5 }}>
            <Typography component="summary" variant="body2" sx={{ cursor: 'pointer', color: 'warning.main' }}>
              {WEBSITE_TEXTS.errors(w.errors.length)}
            </Typography>
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid="website-errors">
              {w.errors.map((e) => (
                <Typography component="li" variant="body2" key={e.url} sx={{ overflowWrap: 'anywhere' }}>
                  {e.url} – {e.reason}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <Tooltip title={WEBSITE_TEXTS.syncNow}>
          <span>
            <IconButton onClick={onSync} disabled={running || syncing} aria-label={WEBSITE_TEXTS.actionSync(w.url)}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={WEBSITE_TEXTS.delete}>
          <IconButton onClick={onDelete} aria-label={WEBSITE_TEXTS.actionDelete(w.url)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
