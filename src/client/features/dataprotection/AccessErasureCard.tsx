import { Button } from '../../components/ui/Button.ts';
import { MenuItem } from '../../components/ui/MenuItem.ts';
import { TextField } from '../../components/ui/TextField.ts';
import { Box } from '../../components/ui/Box.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { useState, type ReactNode } from 'react';
import type { ExportRequest } from '../../../shared/schemas/dataprotection.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { ConfirmEraseDialog } from './ConfirmEraseDialog.tsx';
import { DsgvoCard } from './DsgvoCard.tsx';
import { ExportList } from './ExportList.tsx';
import { useEraseUserMutation } from './api/erase-user.ts';
import { useStartExportMutation } from './api/exports.ts';
import { useTeamUsersQuery } from './api/team-users.ts';
import { useEraseVisitorThreadMutation, useVisitorThreadsQuery } from './api/visitor-threads.ts';
import { DSGVO_TEXTS } from './dsgvo-texts.ts';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ py: 2.5 }}>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface Pending {
  text: string;
  run: () => Promise<{ message: string }>;
}

/** Datenschutz → Auskunft und Löschung: exports of the team, a user or a visitor thread, and erasure. */
export function AccessErasureCard() {
  const startExport = useStartExportMutation();
  const eraseUser = useEraseUserMutation();
  const eraseThread = useEraseVisitorThreadMutation();
  const users = useTeamUsersQuery();
  const [userUuid, setUserUuid] = useState('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const visitorThreads = useVisitorThreadsQuery(query);
  const [pending, setPending] = useState<Pending | null>(null);

  const exportOf = async (input: ExportRequest) => {
    try {
      showSuccess((await startExport.mutateAsync(input)).message);
    } catch {
      // The api client has shown the server's message.
    }
  };
  const confirmErase = async () => {
    const p = pending;
    setPending(null);
    if (!p) return;
    try {
      showSuccess((await p.run()).message);
    } catch {
      // The api client has shown the server's message.
    }
  };
  const erasable = (users.data ?? []).filter((u) => u.role !== 'owner');
  const chosen = erasable.find((u) => u.uuid === userUuid);
  const busy = startExport.isPending || eraseUser.isPending || eraseThread.isPending;

  return (
    <DsgvoCard id="dsgvo-access" title={DSGVO_TEXTS.accessTitle} text={DSGVO_TEXTS.accessText}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, columnGap: 5 }}>
        <Box>
          <Part title={DSGVO_TEXTS.teamHeading}>
            <Button variant="contained" onClick={() => void exportOf({ scope: 'team' })} disabled={busy}>
              {DSGVO_TEXTS.teamExport}
            </Button>
          </Part>
          <Divider />
          <Part title={DSGVO_TEXTS.userHeading}>
            <TextField select fullWidth size="small" label={DSGVO_TEXTS.userLabel} value={chosen ? userUuid : ''} onChange={(e) => setUserUuid(e.target.value)}>
              {erasable.map((u) => (
                <MenuItem key={u.uuid} value={u.uuid}>
                  {u.name} ({u.email})
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
              <Button variant="outlined" disabled={!chosen || busy} onClick={() => chosen && void exportOf({ scope: 'user', userUuid: chosen.uuid })}>
                {DSGVO_TEXTS.exportUser}
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={!chosen || busy}
                onClick={() => chosen && setPending({ text: DSGVO_TEXTS.confirmUser(chosen.name), run: async () => { const r = await eraseUser.mutateAsync(chosen.uuid); setUserUuid(''); return r; } })}
              >
                {DSGVO_TEXTS.deleteUser}
              </Button>
            </Box>
          </Part>
          <Divider />
          <Part title={DSGVO_TEXTS.visitorHeading}>
            <Box component="form" noValidate role="search" onSubmit={(e) => { e.preventDefault(); setQuery(search.trim()); }} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField fullWidth size="small" label={DSGVO_TEXTS.visitorLabel} helperText={DSGVO_TEXTS.visitorHelp} value={search} onChange={(e) => setSearch(e.target.value)} />
              <Button type="submit" variant="outlined" disabled={search.trim() === ''} sx={{ flexShrink: 0, height: 40 }}>
                {DSGVO_TEXTS.search}
              </Button>
            </Box>
            {query !== '' && visitorThreads.data && (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }} aria-label={DSGVO_TEXTS.visitorHeading}>
                {visitorThreads.data.length === 0 && (
                  <Typography component="li" variant="body2" sx={{ color: 'text.secondary' }}>
                    {DSGVO_TEXTS.noVisitorThreads}
                  </Typography>
                )}
                {visitorThreads.data.map((v) => (
                  <Box component="li" key={v.id} data-testid="visitor-thread" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
                    <Typography variant="body2" sx={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
                      {DSGVO_TEXTS.visitorThread(v.id, v.assistant_name, v.messages)}
                      {v.has_form ? ` · ${DSGVO_TEXTS.withForm}` : ''}
                    </Typography>
                    <Button size="small" variant="outlined" disabled={busy} onClick={() => void exportOf({ scope: 'thread', threadId: v.id })}>
                      {DSGVO_TEXTS.exportThread}
                    </Button>
                    <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => setPending({ text: DSGVO_TEXTS.confirmThread(v.id), run: () => eraseThread.mutateAsync(v.id) })}>
                      {DSGVO_TEXTS.deleteThread}
                    </Button>
                  </Box>
                ))}
              </Box>
            )}
          </Part>
        </Box>
        <Box sx={{ pt: 2.5 }}>
          <ExportList />
        </Box>
      </Box>
      <ConfirmEraseDialog open={pending !== null} text={pending?.text ?? ''} onClose={() => setPending(null)} onConfirm={() => void confirmErase()} />
    </DsgvoCard>
  );
}
