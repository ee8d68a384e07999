import { useAssistantView } from '../../lib/assistant-view.ts';
import type { SectionProps } from './sections.ts';
import { ASSISTANT_MESSAGES } from '../../../shared/messages.ts';
import { primaryActionState } from '../../features/assistants/assistant-rules.ts';
import { ChatViewLoader } from './ChatViewLoader.tsx';
import { TaskViewLoader } from './TaskViewLoader.tsx';
import { RedirectToList } from '../../features/assistants/components/RedirectToList.tsx';
import { AssistantLibrary } from '../../features/assistants/library/AssistantLibrary.tsx';
import { useLibraryState } from '../../features/assistants/use-library-state.ts';
import { lazyMui as lazy } from '../../lib/lazy-mui.tsx';
import { RouteFallback } from '../../components/RouteFallback.tsx';
import { Suspense } from 'react';
import type { AssistantSummary } from '../../../shared/schemas/assistants.ts';

// The library is what most visits open: the wizard and the edit screen (forms, colour pickers,
// tools) load when they are opened, with MUI and its theme (docs/decisions/012, 026).
const CreateWizard = lazy<SectionProps>(() => import('../../features/assistants/wizard/CreateWizard.tsx').then((m) => ({ default: m.CreateWizard })));
const ImageView = lazy<{ assistant: AssistantSummary }>(() => import('../../features/images/ImageView.tsx').then((m) => ({ default: m.ImageView })));
const EditView = lazy<{ uuid: string; user: SectionProps['user'] }>(() => import('./AssistantEditView.tsx').then((m) => ({ default: m.AssistantEditView })));

/**
 * The assistant area (docs/product/library-and-wizard.md): one section that switches between its views by the URL
 * (`/?view=edit&assistant=…`).
 */
export default function AssistantSection({ user }: SectionProps) {
  const { view, assistantUuid } = useAssistantView();
  const { assistants, limit } = useLibraryState();
  const assistant = assistantUuid ? assistants.data?.find((a) => a.uuid === assistantUuid) : undefined;

  switch (view) {
    case 'create':
      return (
        <Suspense fallback={<RouteFallback minHeight="50vh" />}>
          <CreateWizard user={user} />
        </Suspense>
      );
    case 'edit':
      if (!assistantUuid) return <RedirectToList reason={ASSISTANT_MESSAGES.noAssistant} />;
      return (
        <Suspense fallback={<RouteFallback minHeight="50vh" />}>
          <EditView key={assistantUuid} uuid={assistantUuid} user={user} />
        </Suspense>
      );
    case 'chat': {
      if (!assistantUuid) return <RedirectToList reason={ASSISTANT_MESSAGES.noAssistant} />;
      const blocked = assistant ? primaryActionState(assistant, limit).reason : null;
      if (blocked) return <RedirectToList reason={blocked} />;
      return <ChatViewLoader key={assistantUuid} assistantUuid={assistantUuid} />;
    }
    case 'image': {
      if (!assistantUuid) return <RedirectToList reason={ASSISTANT_MESSAGES.noAssistant} />;
      if (!assistant) return assistants.isPending ? <RouteFallback minHeight="50vh" /> : <RedirectToList reason={ASSISTANT_MESSAGES.noAssistant} />;
      // Without an image provider the view still opens and explains why nothing can be painted.
      const blocked = primaryActionState(assistant, limit).reason;
      if (blocked || assistant.type !== 'image') return <RedirectToList reason={blocked} />;
      return (
        <Suspense fallback={<RouteFallback minHeight="50vh" />}>
          <ImageView key={assistantUuid} assistant={assistant} />
        </Suspense>
      );
    }
    case 'task': {
      if (!assistantUuid) return <RedirectToList reason={ASSISTANT_MESSAGES.noAssistant} />;
      const blocked = assistant ? primaryActionState(assistant, limit).reason : null;
      if (blocked) return <RedirectToList reason={blocked} />;
      return <TaskViewLoader key={assistantUuid} assistantUuid={assistantUuid} />;
    }
    default:
      return <AssistantLibrary user={user} />;
  }
}
