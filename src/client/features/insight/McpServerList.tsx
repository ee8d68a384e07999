import { Button } from '../../components/ui/Button.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { List, ListItem } from '../../components/ui/List.ts';
import { DeleteIcon } from '../../components/ui/icons/DeleteIcon.ts';
import { EditIcon } from '../../components/ui/icons/EditIcon.ts';
import type { McpServerAdmin } from '../../../shared/schemas/tools.ts';
import { INSIGHT_TEXTS } from './texts.ts';

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

function refreshed(at: string | null): string {
  if (!at) return INSIGHT_TEXTS.neverRefreshed;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? INSIGHT_TEXTS.neverRefreshed : INSIGHT_TEXTS.refreshedAt(dateTime.format(date));
}

interface Props {
  label: string;
  servers: McpServerAdmin[];
  onEdit: (server: McpServerAdmin) => void;
  onDelete: (server: McpServerAdmin) => void;
}

/**
 * A team's MCP servers. Description, tool names and tool descriptions come from outside: they are
 * rendered as plain text only.
 */
export function McpServerList({ label, servers, onEdit, onDelete }: Props) {
  return (
    <List aria-label={label} data-testid="mcp-server-list" sx={{ mt: 1 }}>
      {servers.map((server) => (
        <ServerRow
          key={server.id}
          server={server}
          onEdit={() => onEdit(server)}
          onDelete={() => onDelete(server)}
        />
      ))}
    </List>
  );
}

function ServerRow({
  server,
  onEdit,
  onDelete,
}: {
  server: McpServerAdmin;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const labelId = `mcp-server-${server.id}`;
  return (
    <ListItem
      divider
      aria-labelledby={labelId}
      data-testid="mcp-server"
      sx={{ display: 'block', px: 0.5, py: 2 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 1.5,
          flexWrap: 'wrap',
        }}
      >
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography id={labelId} component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {server.name}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
          >
            {server.url}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            startIcon={<EditIcon />}
            onClick={onEdit}
            aria-label={INSIGHT_TEXTS.actionEdit(server.name)}
          >
            {INSIGHT_TEXTS.edit}
          </Button>
          <Button
            size="small"
            startIcon={<DeleteIcon />}
            onClick={onDelete}
            aria-label={INSIGHT_TEXTS.actionDelete(server.name)}
          >
            {INSIGHT_TEXTS.delete}
          </Button>
        </Box>
      </Box>

      {server.description && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {server.description}
        </Typography>
      )}

      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1.5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' },
          rowGap: 1,
          columnGap: 2,
        }}
      >
        <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
          {INSIGHT_TEXTS.headers}
        </Typography>
        <Typography
          component="dd"
          variant="body2"
          sx={{ m: 0, overflowWrap: 'anywhere' }}
          data-testid="mcp-headers"
        >
          {server.headers.length === 0
            ? INSIGHT_TEXTS.noHeaders
            : server.headers.map((name) => `${name}: ${INSIGHT_TEXTS.secretMask}`).join(', ')}
        </Typography>
        <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
          {INSIGHT_TEXTS.tools}
        </Typography>
        <Box component="dd" sx={{ m: 0 }}>
          {server.tools.length === 0 ? (
            <Typography variant="body2">{INSIGHT_TEXTS.noTools}</Typography>
          ) : (
            <Box
              component="ul"
              aria-label={INSIGHT_TEXTS.tools}
              data-testid="mcp-tools"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
            >
              {server.tools.map((tool) => (
                <li key={tool.name}>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={tool.name}
                    title={tool.description || undefined}
                  />
                </li>
              ))}
            </Box>
          )}
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {refreshed(server.refreshed_at)}
          </Typography>
        </Box>
        <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
          {INSIGHT_TEXTS.usage}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="mcp-stats">
          {INSIGHT_TEXTS.stats(server.calls_24h, server.failed_24h)}
        </Typography>
      </Box>

      {server.error && (
        <Alert
          severity="warning"
          variant="outlined"
          sx={{ mt: 1.5, overflowWrap: 'anywhere' }}
          data-testid="mcp-error"
        >
          <strong>{INSIGHT_TEXTS.lastError}:</strong> {server.error}
        </Alert>
      )}
    </ListItem>
  );
}
