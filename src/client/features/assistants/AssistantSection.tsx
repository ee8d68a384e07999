import { useAssistantView } from '../../lib/assistant-view.ts';
import type { SectionProps } from '../office/sections.ts';
import { MA } from '../../../shared/messages.ts';
import { primaryActionState } from './assistant-rules.ts';
import { ChatViewLoader } from './ChatViewLoader.tsx';
import { RedirectToList } from './components/RedirectToList.tsx';
import { EditView } from './edit/EditView.tsx';
import { AssistantLibrary } from './library/AssistantLibrary.tsx';
import { useLibraryState } from './use-library-state.ts';
import { CreateWizard } from './wizard/CreateWizard.tsx';

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
      return <CreateWizard user={user} />;
    case 'edit':
      if (!assistantUuid) return <RedirectToList reason={MA.noAssistant} />;
      return <EditView key={assistantUuid} uuid={assistantUuid} user={user} />;
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
