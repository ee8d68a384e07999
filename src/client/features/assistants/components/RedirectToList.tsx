import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { RouteFallback } from '../../../components/RouteFallback.tsx';
import { assistantViewPath } from '../../../lib/assistant-view.ts';
import { showError } from '../../../state/snackbar-store.ts';

/** Back to the library, explaining why (e.g. "Keine Berechtigung"): no dead-end screens. */
export function RedirectToList({ reason }: { reason?: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (reason) showError(reason);
    void navigate(assistantViewPath('list'), { replace: true });
  }, [navigate, reason]);
  return <RouteFallback minHeight="50vh" />;
}
