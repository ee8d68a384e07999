import { useAssistantView } from '../../lib/assistant-view.ts';
import type { SectionProps } from '../office/sections.ts';
import { MA } from '../../../shared/messages.ts';
import { primaryActionState } from './assistant-rules.ts';
import { ChatViewLoader } from './ChatViewLoader.tsx';
import { RedirectToList } from './components/RedirectToList.tsx';
import { AssistantLibrary } from './library/AssistantLibrary.tsx';
import { useLibraryState } from './use-library-state.ts';
import { lazyWithReload as lazy } from '../../lib/lazy-with-reload.ts';
import { RouteFallback } from '../../components/RouteFallback.tsx';
import { Suspense } from 'react';

// The library is what most visits open: the wizard and the edit screen (forms, colour pickers,
// tools) load when they are opened (docs/decisions/012).
const CreateWizard = lazy<SectionProps>(() => import('./wizard/CreateWizard.tsx').then((m) => ({ default: m.CreateWizard })));
const EditView = lazy<{ uuid: string; user: SectionProps['user'] }>(() => import('./edit/EditView.tsx').then((m) => ({ default: m.EditView })));

/**
 * The assistant area (spec 02 §2): one section that switches between its views by the URL
 * (`/?view=edit&assistant=…`). Views that are not built yet (task, image) fall back to the list.
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
      if (!assistantUuid) return <RedirectToList reason={MA.noAssistant} />;
      return (
        <Suspense fallback={<RouteFallback minHeight="50vh" />}>
          <EditView key={assistantUuid} uuid={assistantUuid} user={user} />
        </Suspense>
      );
    case 'chat': {
      if (!assistantUuid) return <RedirectToList reason={MA.noAssistant} />;
      const blocked = assistant ? primaryActionState(assistant, limit).reason : null;
      if (blocked) return <RedirectToList reason={blocked} />;
      return <ChatViewLoader key={assistantUuid} assistantUuid={assistantUuid} />;
    }
    case 'task':
    case 'image':
      return <RedirectToList />;
    default:
      return <AssistantLibrary user={user} />;
  }
}
