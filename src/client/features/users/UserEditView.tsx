import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Tab, Tabs } from '../../components/ui/Tabs.ts';
import { useNavigate } from 'react-router';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { BackHeader } from './BackHeader.tsx';
import { DeleteUserButton } from './DeleteUserButton.tsx';
import { ResendInvitationButton } from './ResendInvitationButton.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { RightsTab } from './RightsTab.tsx';
import { InvitationChip, RoleChip } from './UserBadges.tsx';
import { USER_TEXTS } from './texts.ts';
import { useUserQuery } from './users-api.ts';
import { userEditPath, type UserTab } from './user-view.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

interface Props {
  user: CurrentUser;
  uuid: string;
  tab: UserTab;
}

/** One user: tabs Profil and (admins, not on an admin's own profile) Rechte; delete for admins. */
export function UserEditView({ user, uuid, tab }: Props) {
  const navigate = useNavigate();
  const query = useUserQuery(uuid);
  const self = uuid === user.uuid;
  const admin = user.is_admin;

  if (query.isPending) {
    return (
      <Box aria-busy="true" aria-label={COMMON_TEXTS.loading}>
        <Skeleton variant="text" width={280} height={48} />
        <Skeleton variant="text" width={200} sx={{ mb: 3 }} />
        <Skeleton variant="rounded" height={360} />
      </Box>
    );
  }
  if (!query.data) {
    return (
      <>
        <BackHeader title={USER_TEXTS.tabProfile} back={admin} />
        <LoadFailed query={query} text={USER_TEXTS.userLoadError} />
      </>
    );
  }

  const { user: member, assistants } = query.data;
  // Admins hold every right: on the own profile of an admin there is nothing to set.
  const showRights = admin && !(self && member.is_admin);
  const activeTab: UserTab = showRights ? tab : 'profile';

  return (
    <>
      <BackHeader
        back={admin}
        title={self ? USER_TEXTS.ownProfileTitle : member.name}
        subtitle={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Box>
            <RoleChip user={member} />
            {!member.is_verified && <InvitationChip />}
          </Box>
        }
        actions={
          admin ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {!member.is_verified && <ResendInvitationButton member={member} />}
              <DeleteUserButton member={member} self={self} />
            </Box>
          ) : undefined
        }
      />
      {showRights && (
        <Tabs
          value={activeTab}
          onChange={(_event, value: UserTab) => void navigate(userEditPath(uuid, value), { replace: true })}
          sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="profile" label={USER_TEXTS.tabProfile} />
          <Tab value="rights" label={USER_TEXTS.tabRights} />
        </Tabs>
      )}
      {activeTab === 'profile' ? (
        <ProfileForm key={member.uuid} user={user} member={member} />
      ) : (
        <RightsTab member={member} assistants={assistants} />
      )}
    </>
  );
}
