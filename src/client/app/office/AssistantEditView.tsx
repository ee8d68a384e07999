import type { CurrentUser } from '../../state/user-store.ts';
import { EditView, type EditTabs } from '../../features/assistants/edit/EditView.tsx';
import { StylesTab } from '../../features/images/StylesTab.tsx';
import { IMAGE_TEXTS } from '../../features/images/texts.ts';
import { KnowledgeTab } from '../../features/knowledge/KnowledgeTab.tsx';
import { KNOWLEDGE_TEXTS } from '../../features/knowledge/texts.ts';
import { ToolsTab } from '../../features/tools/ToolsTab.tsx';
import { HandoffSettingsCard } from '../../features/handoff/HandoffSettingsCard.tsx';
import { TOOL_TEXTS } from '../../features/tools/texts.ts';
import { InsightsTab } from '../../features/question-insights/InsightsTab.tsx';
import { QUESTION_INSIGHT_TEXTS } from '../../features/question-insights/texts.ts';

// The edit screen's tabs of other features: the app composes them into the assistants' edit view.
const TABS: EditTabs = {
  knowledge: { label: KNOWLEDGE_TEXTS.tabLabel, Panel: KnowledgeTab },
  tools: { label: TOOL_TEXTS.tabLabel, Panel: ToolsTab },
  styles: { label: IMAGE_TEXTS.tabLabel, Panel: StylesTab },
  insights: { label: QUESTION_INSIGHT_TEXTS.tabLabel, Panel: InsightsTab },
  publishExtra: HandoffSettingsCard,
};

/** The edit screen (docs/product/library-and-wizard.md) with the knowledge, tools, styles and Einblicke tabs. */
export function AssistantEditView(props: { uuid: string; user: CurrentUser }) {
  return <EditView {...props} tabs={TABS} />;
}
