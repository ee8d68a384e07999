import { COLORS } from '../../../lib/theme-tokens.ts';
import { Button } from '../../../components/ui/Button.ts';
import { IconButton } from '../../../components/ui/IconButton.ts';
import { Chip } from '../../../components/ui/Chip.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { Tab, Tabs } from '../../../components/ui/Tabs.ts';
import { ArrowBackIcon } from '../../../components/ui/icons/ArrowBackIcon.ts';
import { DeleteIcon } from '../../../components/ui/icons/DeleteIcon.ts';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAssistantView } from '../../../lib/assistant-view.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { CurrentUser } from '../../../state/user-store.ts';
import { useAssistantDetail } from '../api/get-assistant-detail.ts';
import { canDeleteAssistant, editBlockedReason } from '../assistant-rules.ts';
import { AssistantAvatar } from '../../../components/AssistantAvatar.tsx';
import { DeleteAssistantDialog } from '../components/DeleteAssistantDialog.tsx';
import { RedirectToList } from '../components/RedirectToList.tsx';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { useLibraryState } from '../use-library-state.ts';
import { EditSkeleton } from './EditSkeleton.tsx';
import { PropertiesTab } from './PropertiesTab.tsx';
import { PublishTab } from './PublishTab.tsx';
import { TypeSelector } from './TypeSelector.tsx';
import { Hint } from '../../../components/ui/Hint.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { withNameBreaks } from '../../../lib/name-breaks.ts';

/** A tab another feature draws (knowledge, tools, image styles); the app hands them in. */
export interface EditTab {
  label: string;
  Panel: ComponentType<{ assistant: AssistantDetail }>;
}
export type EditTabs = Record<'knowledge' | 'tools' | 'styles' | 'insights', EditTab> & {
  /** A card of another feature at the end of the Veröffentlichung tab (the live hand-off). */
  publishExtra?: EditTab['Panel'];
};

type TabName = 'properties' | 'knowledge' | 'tools' | 'publish' | 'styles' | 'insights';

function tabsFor(type: AssistantDetail['type'], isDefault: boolean): TabName[] {
  // Einblicke: a team's own chat and task Mikas (a default Mika has no team's questions).
  const insights: TabName[] = isDefault ? [] : ['insights'];
  if (type === 'chat') return ['properties', 'knowledge', 'tools', 'publish', ...insights];
  if (type === 'task') return ['properties', 'knowledge', 'tools', ...insights];
  return ['styles'];
}

/** The edit screen (docs/product/library-and-wizard.md): title, back arrow, type selector and the tabs of the type. */
export function EditView({ uuid, user, tabs: foreign }: { uuid: string; user: CurrentUser; tabs: EditTabs }) {
  const { limit, assistants } = useLibraryState();
  const blocked = editBlockedReason(
    assistants.data?.find((a) => a.uuid === uuid),
    limit,
  );
  const detail = useAssistantDetail(uuid);

  if (blocked) return <RedirectToList reason={blocked} />;
  if (detail.error instanceof ApiError && [403, 404, 422].includes(detail.error.status)) {
    return <RedirectToList reason={detail.error.userMessage} />;
  }
  if (detail.isError) {
    return <LoadFailed query={detail} text={ASSISTANT_TEXTS.editLoadError} />;
  }
  if (detail.isPending) return <EditSkeleton />;
  return <EditScreen assistant={detail.data} user={user} foreign={foreign} />;
}

function EditScreen({ assistant, user, foreign }: { assistant: AssistantDetail; user: CurrentUser; foreign: EditTabs }) {
  const { open } = useAssistantView();
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(assistant.name);

  const tabs = tabsFor(assistant.type, assistant.is_default === 1);
  const requested = params.get('tab') as TabName | null;
  const tab: TabName | undefined = requested && tabs.includes(requested) ? requested : tabs[0];
  const selectTab = (next: TabName) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('tab', next);
        return q;
      },
      { replace: true },
    );

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.25, sm: 2 }, mb: 3 }}>
        <Hint title={ASSISTANT_TEXTS.backToList} placement="right">
          <IconButton onClick={() => open('list')} aria-label={ASSISTANT_TEXTS.backToList} sx={{ ml: -1 }}>
            <ArrowBackIcon />
          </IconButton>
        </Hint>
        <AssistantAvatar assistant={assistant} size={52} radius="16px" />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' }, overflowWrap: 'anywhere', hyphens: 'auto' }}
          >
            {withNameBreaks(assistant.name)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.75, mt: 0.5 }}>
            <Chip size="small" label={ASSISTANT_TEXTS.typeLabels[assistant.type]} sx={{ height: 22 }} />
            {assistant.is_default === 1 && (
              <Chip size="small" variant="outlined" label={ASSISTANT_TEXTS.defaultChip} sx={{ height: 22 }} />
            )}
          </Box>
        </Box>
        {canDeleteAssistant(user, assistant) && (
          <>
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteIcon />}
              onClick={() => setDeleting(true)}
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            >
              {ASSISTANT_TEXTS.delete}
            </Button>
            <IconButton
              color="error"
              onClick={() => setDeleting(true)}
              aria-label={ASSISTANT_TEXTS.actionDelete(assistant.name)}
              sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
            >
              <DeleteIcon />
            </IconButton>
          </>
        )}
      </Box>

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap-reverse',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 2,
          rowGap: 1.5,
          mb: 3,
          borderBottom: tabs.length > 0 ? `1px solid ${COLORS.border}` : 'none',
        }}
      >
        {tab ? (
          <Tabs
            value={tab}
            onChange={(_e, next: TabName) => selectTab(next)}
            aria-label={ASSISTANT_TEXTS.tabsLabel(assistant.name)}
          >
            {tabs.includes('properties') && <Tab value="properties" label={ASSISTANT_TEXTS.tabProperties} />}
            {tabs.includes('knowledge') && <Tab value="knowledge" label={foreign.knowledge.label} />}
            {tabs.includes('tools') && <Tab value="tools" label={foreign.tools.label} />}
            {tabs.includes('publish') && <Tab value="publish" label={ASSISTANT_TEXTS.tabPublishing} />}
            {tabs.includes('styles') && <Tab value="styles" label={foreign.styles.label} />}
            {tabs.includes('insights') && <Tab value="insights" label={foreign.insights.label} />}
          </Tabs>
        ) : (
          <span />
        )}
        <Box sx={{ pb: tab ? 1 : 0, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {ASSISTANT_TEXTS.typeSelector}
          </Typography>
          <TypeSelector assistant={assistant} />
        </Box>
      </Box>

      {tab === 'properties' && <PropertiesTab assistant={assistant} />}
      {tab === 'knowledge' && <foreign.knowledge.Panel assistant={assistant} />}
      {tab === 'tools' && <foreign.tools.Panel assistant={assistant} />}
      {tab === 'publish' && <PublishTab assistant={assistant} extra={foreign.publishExtra} />}
      {tab === 'styles' && <foreign.styles.Panel assistant={assistant} />}
      {tab === 'insights' && <foreign.insights.Panel assistant={assistant} />}

      <DeleteAssistantDialog
        assistant={deleting ? assistant : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => open('list')}
      />
    </>
  );
}
