import { Navigate, useSearchParams } from 'react-router';
import type { SectionProps } from '../../lib/section.ts';
import { UserCreateView } from './UserCreateView.tsx';
import { UserEditView } from './UserEditView.tsx';
import { UserList } from './UserList.tsx';
import { readUserView, userEditPath } from './user-view.ts';

/**
 * The user area (docs/product/users-and-rights.md): list, create and edit, chosen by ?view=. Everyone reaches their own
 * profile here; the list, create and other users' profiles are for admins only.
 */
export default function UserSection({ user }: SectionProps) {
  const [params] = useSearchParams();
  const { view, uuid, tab } = readUserView(params);

  if (!user.is_admin && (view !== 'edit' || uuid !== user.uuid)) {
    return <Navigate to={userEditPath(user.uuid)} replace />;
  }
  if (view === 'create') return <UserCreateView user={user} />;
  if (view === 'edit' && uuid) return <UserEditView key={uuid} user={user} uuid={uuid} tab={tab} />;
  return <UserList user={user} />;
}
