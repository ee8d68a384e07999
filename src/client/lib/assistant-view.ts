import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * The assistant area is one section that switches between views (docs/product/library-and-wizard.md). The view and the
 * assistant live in the URL (`/?view=chat&assistant=<uuid>`), so a reload keeps them.
 */
export const ASSISTANT_VIEWS = ['list', 'edit', 'create', 'chat', 'task', 'image'] as const;
export type AssistantView = (typeof ASSISTANT_VIEWS)[number];

export function assistantViewPath(view: AssistantView, assistantUuid?: string): string {
  if (view === 'list') return '/';
  const q = new URLSearchParams({ view });
  if (assistantUuid) q.set('assistant', assistantUuid);
  return `/?${q.toString()}`;
}

export function useAssistantView() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('view');
  const view: AssistantView = (ASSISTANT_VIEWS as readonly string[]).includes(raw ?? '') ? (raw as AssistantView) : 'list';
  const assistantUuid = params.get('assistant') ?? undefined;
  const open = useCallback(
    (next: AssistantView, uuid?: string) => void navigate(assistantViewPath(next, uuid)),
    [navigate],
  );
  return { view, assistantUuid, open };
}
