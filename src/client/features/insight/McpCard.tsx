import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddRounded';
import { useState } from 'react';
import type { McpServerAdmin } from '../../../shared/schemas/tools.ts';
import type { McpTeam } from './api/get-mcp-teams.ts';
import { useMcpServers } from './api/get-mcp-servers.ts';
import { DeleteMcpServerDialog } from './DeleteMcpServerDialog.tsx';
import { McpServerDialog } from './McpServerDialog.tsx';
import { McpServerList } from './McpServerList.tsx';
import { TeamPicker } from './TeamPicker.tsx';
import { TI } from './texts.ts';

type Editing = { server: McpServerAdmin | null } | null;

/** "Externe Tools (MCP)": pick a team, then its MCP servers with Neu, Bearbeiten and Löschen. */
export function McpCard() {
  const [team, setTeam] = useState<McpTeam | null>(null);
  return (
    <Card component="section" aria-labelledby="mcp-card-title" sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 960 }}>
      <Typography id="mcp-card-title" variant="h6" component="h2">
        {TI.mcpTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2.5 }}>
        {TI.mcpInfo}
      </Typography>
      <TeamPicker value={team} onChange={setTeam} />
      {team ? (
        <TeamServers key={team.uuid} team={team} />
      ) : (
        <Typography sx={{ mt: 3, color: 'text.secondary' }}>{TI.chooseTeam}</Typography>
      )}
    </Card>
  );
}

function TeamServers({ team }: { team: McpTeam }) {
  const servers = useMcpServers(team.uuid);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<McpServerAdmin | null>(null);

  return (
    <Box sx={{ mt: 3 }}>
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
          {TI.listLabel(team.name)}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ server: null })}
          disabled={!servers.isSuccess}
        >
          {TI.add}
        </Button>
      </Box>
      {servers.isPending ? (
        <Box aria-busy aria-label={TI.loading} sx={{ mt: 2 }}>
          <Skeleton variant="rounded" height={96} />
        </Box>
      ) : servers.isError ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void servers.refetch()}>
              {TI.retry}
            </Button>
          }
        >
          {TI.loadFailed}
        </Alert>
      ) : servers.data.length === 0 ? (
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>{TI.empty}</Typography>
      ) : (
        <McpServerList
          label={TI.listLabel(team.name)}
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
    </Box>
  );
}
