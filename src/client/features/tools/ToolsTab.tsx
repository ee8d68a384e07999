import { AssignmentIndIcon } from '../../components/ui/icons/AssignmentIndIcon.ts';
import { AttachFileIcon } from '../../components/ui/icons/AttachFileIcon.ts';
import { MailIcon } from '../../components/ui/icons/MailIcon.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Switch } from '../../components/ui/Switch.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Typography } from '../../components/ui/Typography.ts';
import type { ReactNode } from 'react';
import { TOOL_MESSAGES } from '../../../shared/messages.ts';
import type { AssistantDetail } from '../../../shared/schemas/assistants.ts';
import type { ToolItem } from '../../../shared/schemas/tools.ts';
import { showSuccess } from '../../state/snackbar-store.ts';
import { useTools } from './api/get-tools.ts';
import { useToggleTool } from './api/toggle-tool.ts';
import { useChosen } from '../../lib/use-chosen.ts';
import { AssetToolSettings } from './assets/AssetToolSettings.tsx';
import { EmailToolSettings } from './EmailToolSettings.tsx';
import { ExternalToolsCard } from './ExternalToolsCard.tsx';
import { FormToolSettings } from './FormToolSettings.tsx';
import { TOOL_TEXTS } from './texts.ts';
import { ToolHeader } from './ToolHeader.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';

const ICONS: Record<ToolItem['slug'], ReactNode> = {
  form: <AssignmentIndIcon />,
  email: <MailIcon />,
  asset: <AttachFileIcon />,
};

/** The settings under a tool's switch, by kind. */
function settingsOf(slug: ToolItem['slug'], assistantUuid: string): ReactNode {
  if (slug === 'form') return <FormToolSettings assistantUuid={assistantUuid} />;
  if (slug === 'email') return <EmailToolSettings assistantUuid={assistantUuid} />;
  return <AssetToolSettings assistantUuid={assistantUuid} />;
}

/**
 * The Tools tab of the edit screen (docs/product/knowledge-and-tools.md): one card per tool kind with its switch
 * (POST /api/toggletool, saved at once) and its settings, then the team's external tools (MCP).
 */
export function ToolsTab({ assistant }: { assistant: AssistantDetail }) {
  const tools = useTools(assistant.uuid);
  if (tools.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy aria-label={TOOL_TEXTS.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </Box>
    );
  }
  if (tools.isError) {
    return <LoadFailed query={tools} text={TOOL_TEXTS.toolsLoadFailed} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 760 }}>
        {TOOL_TEXTS.intro}
      </Typography>
      {tools.data.map((tool) => (
        <ToolCard key={tool.uuid} assistantUuid={assistant.uuid} tool={tool}>
          {settingsOf(tool.slug, assistant.uuid)}
        </ToolCard>
      ))}
      <ExternalToolsCard assistantUuid={assistant.uuid} />
    </Box>
  );
}

function ToolCard({
  assistantUuid,
  tool,
  children,
}: {
  assistantUuid: string;
  tool: ToolItem;
  children: ReactNode;
}) {
  const toggle = useToggleTool(assistantUuid);
  const [active, choose] = useChosen(tool.active);
  const titleId = `tool-${tool.slug}-title`;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: { xs: 2.5, sm: 3 }, maxWidth: 'none' }}>
      <ToolHeader
        icon={ICONS[tool.slug]}
        titleId={titleId}
        title={tool.name}
        text={tool.description}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
            <Typography
              variant="body2"
              aria-hidden
              sx={{ color: active ? 'success.main' : 'text.secondary', fontWeight: 600, minWidth: 26 }}
            >
              {active ? TOOL_TEXTS.on : TOOL_TEXTS.off}
            </Typography>
            <Switch
              checked={active}
              disabled={toggle.isPending}
              onChange={(event) =>
                toggle.mutate(
                  { toolUuid: tool.uuid, state: event.target.checked },
                  {
                    onSuccess: (r) => showSuccess(r.message || TOOL_MESSAGES.settingSaved),
                    onSettled: choose(event.target.checked),
                  },
                )
              }
              htmlInput={{ 'aria-label': TOOL_TEXTS.switchLabel(tool.name) }}
            />
          </Box>
        }
      />
      {/* Settings stay reachable while the tool is off: set it up first, then switch it on. */}
      {children && (
        <>
          <Divider sx={{ my: 2.5 }} />
          {children}
        </>
      )}
    </Card>
  );
}
