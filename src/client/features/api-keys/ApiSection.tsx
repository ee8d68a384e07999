import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { CopyOutlinedIcon } from '../../components/ui/icons/CopyOutlinedIcon.ts';
import { VpnKeyIcon } from '../../components/ui/icons/VpnKeyIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '../../components/ui/Dialog.ts';
import { Alert, AlertTitle } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ApiKey } from '../../../shared/schemas/api-keys.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { showSuccess } from '../../state/snackbar-store.ts';
import { copyText } from '../../lib/copy-text.ts';
import type { SectionProps } from '../../lib/section.ts';
import { useApiKeys } from './api/get-api-keys.ts';
import { useRevokeApiKey } from './api/revoke-api-key.ts';
import { CreateKeyDialog } from './CreateKeyDialog.tsx';
import { API_KEY_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }) : null);

/** The API area (admins): keys for the OpenAI-compatible API (docs/api.md). */
export default function ApiSection(_props: SectionProps) {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const baseUrl = `${window.location.origin}/v1`;

  let body;
  if (keys.isPending) {
    body = <Skeleton variant="rounded" height={220} aria-busy aria-label={API_KEY_TEXTS.loading} />;
  } else if (keys.isError) {
    body = (
      <LoadFailed query={keys} text={API_KEY_TEXTS.loadFailed} />
    );
  } else if (!keys.data.available) {
    body = (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/Support" color="inherit" size="small">
            {API_KEY_TEXTS.contactSupport}
          </Button>
        }
      >
        <AlertTitle>{API_KEY_TEXTS.notInPlanTitle}</AlertTitle>
        {API_KEY_TEXTS.notInPlanText}
      </Alert>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Card component="section" aria-labelledby="api-how-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
          <Typography id="api-how-title" variant="subtitle1" component="h2">
            {API_KEY_TEXTS.howTitle}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
            {API_KEY_TEXTS.howText}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {API_KEY_TEXTS.baseUrl}:
            </Typography>
            <Box component="code" data-testid="api-base-url" sx={{ px: 1, py: 0.5, borderRadius: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}>
              {baseUrl}
            </Box>
            <Button size="small" startIcon={<CopyOutlinedIcon />} onClick={() => void copyText(baseUrl, API_KEY_TEXTS.copied)}>
              {API_KEY_TEXTS.copy}
            </Button>
          </Box>
        </Card>

        <Card component="section" aria-labelledby="api-keys-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <Typography id="api-keys-title" variant="subtitle1" component="h2">
              {API_KEY_TEXTS.keysTitle}
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {API_KEY_TEXTS.newKey}
            </Button>
          </Box>
          {keys.data.keys.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {API_KEY_TEXTS.empty}
            </Typography>
          ) : (
            <Box component="ul" aria-label={API_KEY_TEXTS.keysTitle} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {keys.data.keys.map((key) => (
                <KeyRow key={key.uuid} apiKey={key} onRevoke={() => setRevoking(key)} />
              ))}
            </Box>
          )}
        </Card>
      </Box>
    );
  }

  return (
    <>
      <SectionHeader title={API_KEY_TEXTS.title} subtitle={API_KEY_TEXTS.subtitle} />
      {body}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

function stateOf(key: ApiKey): { label: string; color: 'success' | 'default' | 'warning' } {
  if (key.revoked_at) return { label: API_KEY_TEXTS.revokedState, color: 'default' };
  if (key.expires_at && new Date(key.expires_at) <= new Date()) return { label: API_KEY_TEXTS.expiredState, color: 'warning' };
  return { label: API_KEY_TEXTS.active, color: 'success' };
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const state = stateOf(apiKey);
  const live = state.label === API_KEY_TEXTS.active;
  return (
    <Box
      component="li"
      data-testid="api-key"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', borderStyle: live ? 'solid' : 'dashed' }}
    >
      <Box component="span" sx={{ color: 'primary.main', mt: 0.25, display: { xs: 'none', sm: 'flex' } }}>
        <VpnKeyIcon />
      </Box>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {apiKey.name}
          </Typography>
          <Chip size="small" label={state.label} color={state.color} variant={live ? 'filled' : 'outlined'} />
        </Box>
        <Typography variant="body2" component="code" sx={{ display: 'block', mt: 0.5 }}>
          {apiKey.prefix}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
          {apiKey.scope === 'all' ? API_KEY_TEXTS.scopeAll : API_KEY_TEXTS.scopeSome(apiKey.assistants.map((a) => a.name).join(', '))}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
          {[API_KEY_TEXTS.createdBy(apiKey.created_by, date(apiKey.created_at)!), API_KEY_TEXTS.lastUsed(date(apiKey.last_used_at)), API_KEY_TEXTS.expires(date(apiKey.expires_at)), API_KEY_TEXTS.calls(apiKey.calls)].join(' · ')}
        </Typography>
      </Box>
      {!apiKey.revoked_at && (
        <Button color="error" variant="outlined" size="small" onClick={onRevoke} aria-label={API_KEY_TEXTS.revokeLabel(apiKey.name)}>
          {API_KEY_TEXTS.revoke}
        </Button>
      )}
    </Box>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="api-revoke-title" aria-describedby="api-revoke-text">
      <DialogTitle id="api-revoke-title">{API_KEY_TEXTS.revokeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="api-revoke-text" sx={{ overflowWrap: 'anywhere' }}>
          {API_KEY_TEXTS.revokeText(apiKey.name)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{API_KEY_TEXTS.cancel}</Button>
        <Button
          color="error"
          variant="contained"
          loading={revoke.isPending}
          onClick={() =>
            revoke.mutate(apiKey.uuid, {
              onSuccess: (r) => {
                showSuccess(r.message);
                onClose();
              },
            })
          }
        >
          {API_KEY_TEXTS.revoke}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
