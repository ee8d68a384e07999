import { Button } from '../../components/ui/Button.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { AddIcon } from '../../components/ui/icons/AddIcon.ts';
import { useState } from 'react';
import type { McpServerAdmin } from '../../../shared/schemas/tools.ts';
import { useMcpServers } from './api/get-mcp-servers.ts';
import { ActionCard } from './ActionCard.tsx';
import { DeleteMcpServerDialog } from './DeleteMcpServerDialog.tsx';
import { McpServerDialog } from './McpServerDialog.tsx';
import { McpServerList } from './McpServerList.tsx';
import { INSIGHT_TEXTS } from './texts.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

type Editing = { server: McpServerAdmin | null } | null;

/** "Externe Tools (MCP)" of one team in its action view: its MCP servers with Neu, Bearbeiten and Löschen. */
export function McpCard({ team }: { team: { uuid: string; name: string } }) {
  const servers = useMcpServers(team.uuid);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<McpServerAdmin | null>(null);

  return (
    <ActionCard id="insight-mcp" title={INSIGHT_TEXTS.mcpTitle} info={INSIGHT_TEXTS.mcpInfo} wide>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {INSIGHT_TEXTS.listLabel(team.name)}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ server: null })}
          disabled={!servers.isSuccess}
        >
          {INSIGHT_TEXTS.add}
        </Button>
      </Box>
      {servers.isPending ? (
        <Box aria-busy aria-label={INSIGHT_TEXTS.loading}>
          <Skeleton variant="rounded" height={96} />
        </Box>
      ) : servers.isError ? (
        <LoadFailed query={servers} text={INSIGHT_TEXTS.loadFailed} />
      ) : servers.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{INSIGHT_TEXTS.empty}</Typography>
      ) : (
        <McpServerList
          label={INSIGHT_TEXTS.listLabel(team.name)}
          servers={servers.data}
          onEdit={(server) => setEditing({ server })}
          onDelete={setDeleting}
        />
      )}
      {editing && (
        <McpServerDialog teamUuid={team.uuid} server={editing.server} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <DeleteMcpServerDialog teamUuid={team.uuid} server={deleting} onClose={() => setDeleting(null)} />
      )}
    </ActionCard>
  );
}
