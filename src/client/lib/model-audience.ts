import type { ModelAudience } from '../../shared/messages.ts';
import { useCurrentUser } from '../state/user-store.ts';

/** Who the signed-in person is when a missing model is explained: the operator, a team admin or an employee. */
export function useModelAudience(): ModelAudience {
  const user = useCurrentUser();
  if (user?.is_superadmin) return 'operator';
  return user?.is_admin ? 'admin' : 'employee';
}
