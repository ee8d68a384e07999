import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersQueryKey } from '../../lib/query-keys.ts';
import type { z } from 'zod';
import type {
  CreateUserRequest,
  TeamUser,
  UpdateUserRequest,
  ZUserDetail,
} from '../../../shared/schemas/users.ts';
import { api } from '../../lib/api-client.ts';
import { userDataQueryKey } from '../../lib/user-data.ts';

export type UserDetail = z.infer<typeof ZUserDetail>;
export type AssistantRight = UserDetail['assistants'][number];
export type PermissionType = 'can_use' | 'can_edit';

interface Done {
  status: string;
  message: string;
}

export { usersQueryKey };
export const userQueryKey = (uuid: string) => ['users', uuid] as const;

// Forms show field errors themselves: those calls skip the global snackbar.
const formCall = { snackbar: false } as const;

/** GET /api/users (admins only). */
export function useUsersQuery(enabled: boolean) {
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: async () => (await api.get<{ users: TeamUser[] }>('/api/users')).users,
    enabled,
  });
}

/** GET /api/user/{uuid}: the profile, plus the per-assistant rights for admins. */
export function useUserQuery(uuid: string) {
  return useQuery({
    queryKey: userQueryKey(uuid),
    queryFn: () => api.get<UserDetail>(`/api/user/${encodeURIComponent(uuid)}`),
    enabled: uuid !== '',
  });
}

/** POST /api/user → the new user's uuid. */
export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserRequest) => api.post<{ uuid: string; message: string }>('/api/user', input, formCall),
    onSuccess: async () => {
      // The user count decides canCreateUser in the user data.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]);
    },
  });
}

/** PUT /api/user; the own profile also refreshes the user data (name in the navigation). */
export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserRequest) => api.put<Done>('/api/user', input, formCall),
    onSuccess: async (_data, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: userQueryKey(input.user.uuid) }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]);
    },
  });
}

/** DELETE /api/user with {user: uuid}. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.del<Done>('/api/user', { user: uuid }),
    // The deleted user's own query is left alone: refetching it while its view is still
    // mounted would answer 404 and show that error over the success message.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]);
    },
  });
}

interface PermissionInput {
  userUuid: string;
  assistantId: number;
  type: PermissionType;
  value: boolean;
}

/** POST /api/user/{uuid}/permissions; the switch moves at once and moves back on failure. */
export function useSetPermissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userUuid, assistantId, type, value }: PermissionInput) =>
      api.post<Done>(`/api/user/${encodeURIComponent(userUuid)}/permissions`, {
        assistant_id: assistantId,
        permission_type: type,
        value,
      }),
    onMutate: async ({ userUuid, assistantId, type, value }) => {
      const key = userQueryKey(userUuid);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<UserDetail>(key);
      if (previous) {
        queryClient.setQueryData<UserDetail>(key, {
          ...previous,
          assistants: previous.assistants.map((a) => (a.id === assistantId ? { ...a, [type]: value } : a)),
        });
      }
      return { previous };
    },
    onError: (_error, { userUuid }, context) => {
      if (context?.previous) queryClient.setQueryData(userQueryKey(userUuid), context.previous);
    },
    onSettled: (_data, _error, { userUuid }) => queryClient.invalidateQueries({ queryKey: userQueryKey(userUuid) }),
  });
}
