import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/user/:uuid/invitation (admin): a new invitation link for a user who has not set a
 * password yet; the earlier link stops working. Refusals (too many resends, already set) reach the
 * snackbar through the api client.
 */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (uuid: string) =>
      api.post<{ status: 'success'; message: string }>(`/api/user/${encodeURIComponent(uuid)}/invitation`),
  });
}
