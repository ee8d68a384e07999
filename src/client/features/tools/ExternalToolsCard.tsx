import { ExtensionIcon } from '../../components/ui/icons/ExtensionIcon.ts';
import { RefreshIcon } from '../../components/ui/icons/RefreshIcon.ts';
import { Button } from '../../components/ui/Button.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { CircularProgress } from '../../components/ui/CircularProgress.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Switch } from '../../components/ui/Switch.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Link as RouterLink } from 'react-router';
import { TOOL_MESSAGES } from '../../../shared/messages.ts';
import type { McpItem } from '../../../shared/schemas/tools.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useMcps, useRefreshMcps } from './api/get-mcps.ts';
import { useToggleMcp } from './api/toggle-mcp.ts';
import { useChosen } from '../../lib/use-chosen.ts';
import { TOOL_TEXTS } from './texts.ts';
import { ToolHeader } from './ToolHeader.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';

/**
 * The team's external tools (MCP servers set up by support) with a switch per assistant
 * (GET /api/mcps/{uuid}/{flag}, POST /api/togglemcp). Names and descriptions come from outside:
 * they are rendered as text only.
 */
export function ExternalToolsCard({ assistantUuid }: { assistantUuid: string }) {
  const query = useMcps(assistantUuid);
  const refresh = useRefreshMcps(assistantUuid);
  const toggle = useToggleMcp(assistantUuid);
  const servers = query.data ?? [];

  return (
    <Card
      component="section"
      aria-labelledby="tool-mcp-title"
      sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}
    >
      <ToolHeader
        icon={<ExtensionIcon />}
        titleId="tool-mcp-title"
        title={TOOL_TEXTS.mcpTitle}
        text={TOOL_TEXTS.mcpText}
        action={
          servers.length > 0 ? (
            <Button
              size="small"
              onClick={() => refresh.mutate(undefined, { onSuccess: () => showSuccess(TOOL_TEXTS.mcpUpdated) })}
              disabled={refresh.isPending}
              startIcon={refresh.isPending ? <CircularProgress size={14} color="inherit" /> : <RefreshIcon />}
              sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
            >
              {refresh.isPending ? TOOL_TEXTS.mcpRefreshing : TOOL_TEXTS.mcpRefresh}
            </Button>
          ) : undefined
        }
      />
      <Divider sx={{ my: 2.5 }} />
      {query.isPending && (
        <Box aria-busy aria-label={TOOL_TEXTS.loading}>
          <Skeleton variant="rounded" height={64} />
        </Box>
      )}
      {query.isError && (
        <LoadFailed query={query} text={TOOL_TEXTS.mcpLoadFailed} />
      )}
      {query.isSuccess && servers.length === 0 && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 320px' }}>
            {TOOL_TEXTS.mcpEmpty}
          </Typography>
          <Button component={RouterLink} to="/Support" variant="outlined" size="small">
            {TOOL_TEXTS.mcpSupportLink}
          </Button>
        </Box>
      )}
      {servers.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
          {servers.map((server) => (
            <ServerRow
              key={server.id}
              server={server}
              busy={toggle.isPending}
              onToggle={(state, settled) =>
                toggle.mutate(
                  { mcpId: server.id, state },
                  { onSuccess: (r) => showSuccess(r.message || TOOL_MESSAGES.settingSaved), onSettled: settled },
                )
              }
            />
          ))}
        </Box>
      )}
      {servers.length > 0 && (
        <Button
          size="small"
          onClick={() => refresh.mutate(undefined, { onSuccess: () => showSuccess(TOOL_TEXTS.mcpUpdated) })}
          disabled={refresh.isPending}
          startIcon={<RefreshIcon />}
          sx={{ mt: 2, display: { xs: 'inline-flex', sm: 'none' } }}
        >
          {refresh.isPending ? TOOL_TEXTS.mcpRefreshing : TOOL_TEXTS.mcpRefresh}
        </Button>
      )}
    </Card>
  );
}

function ServerRow({
  server,
  busy,
  onToggle,
}: {
  server: McpItem;
  busy: boolean;
  /** Saves the switch; `settled` once the save succeeded or failed. */
  onToggle: (state: boolean, settled: () => void) => void;
}) {
  const [active, choose] = useChosen(server.active);
  const titleId = `mcp-${server.id}-name`;
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle2" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {server.name}
          </Typography>
          {server.description && (
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {server.description}
            </Typography>
          )}
        </Box>
        <Switch
          checked={active}
          disabled={busy}
          onChange={(event) => onToggle(event.target.checked, choose(event.target.checked))}
          htmlInput={{ 'aria-label': TOOL_TEXTS.switchLabel(server.name) }}
        />
      </Box>
      {server.error && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {server.error}
        </Alert>
      )}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {server.tools.length > 0 ? TOOL_TEXTS.mcpFunctions(server.tools.length) : TOOL_TEXTS.mcpNoFunctions}
      </Typography>
      {server.tools.length > 0 && (
        <Box
          component="ul"
          aria-label={TOOL_TEXTS.mcpFunctions(server.tools.length)}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {server.tools.map((tool) => (
            <li key={tool.name}>
              <Chip size="small" variant="outlined" label={tool.name} title={tool.description} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
