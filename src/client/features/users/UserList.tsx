import { COLORS } from '../../lib/theme-tokens.ts';
import { Button } from '../../components/ui/Button.ts';
import { Alert } from '../../components/ui/Alert.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Divider } from '../../components/ui/Divider.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { ListItemButton } from '../../components/ui/List.ts';
import { ChevronRightIcon } from '../../components/ui/icons/ChevronRightIcon.ts';
import { PersonAddIcon } from '../../components/ui/icons/PersonAddIcon.ts';
import { Fragment } from 'react';
import { USER_MESSAGES } from '../../../shared/messages.ts';
import type { TeamUser } from '../../../shared/schemas/users.ts';
import { SectionHeader } from '../../components/SectionHeader.tsx';
import { COMMON_TEXTS } from '../../lib/texts.ts';
import type { CurrentUser } from '../../state/user-store.ts';
import { InvitationChip, RoleChip, UserAvatar } from './UserBadges.tsx';
import { USER_TEXTS } from './texts.ts';
import { useUsersQuery } from './users-api.ts';
import { userCreatePath, userEditPath } from './user-view.ts';
import { Hint } from '../../components/ui/Hint.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { TeamNameCard } from './TeamNameCard.tsx';

export function canCreateUser(user: CurrentUser): boolean {
  return user.is_admin && user.permissions.canCreateUser;
}

/** The create button; disabled with the limit message when no seat is free (docs/product/users-and-rights.md). */
function CreateUserButton({ user }: { user: CurrentUser }) {
  const allowed = canCreateUser(user);
  const button = (
    <Button
      variant="contained"
      href={userCreatePath()}
      startIcon={<PersonAddIcon />}
      disabled={!allowed}
      sx={{ minHeight: 42 }}
    >
      {USER_TEXTS.createButton}
    </Button>
  );
  if (allowed) return button;
  // A disabled button fires no events: the wrapper carries the tooltip.
  return (
    <Hint title={USER_MESSAGES.userLimitReached} disabled label={`${USER_TEXTS.createButton}: ${USER_MESSAGES.userLimitReached}`}>
      {button}
    </Hint>
  );
}

function UserRow({ member, self }: { member: TeamUser; self: boolean }) {
  return (
    <ListItemButton
      href={userEditPath(member.uuid)}
      data-testid="user-row"
      sx={{ borderRadius: 0, px: { xs: 2, sm: 3 }, py: 2, gap: 2, alignItems: 'center' }}
    >
      <UserAvatar name={member.name} />
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'flex-start', md: 'center' },
          gap: { xs: 1, md: 2 },
        }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="span" sx={{ overflowWrap: 'anywhere' }}>
              {member.name}
              <span className="visually-hidden"> {USER_TEXTS.editSuffix}</span>
            </Typography>
            {self && (
              <Chip size="small" label={USER_TEXTS.you} sx={{ height: 20, fontSize: '0.6875rem', fontWeight: 700 }} />
            )}
          </Box>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {member.email}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
          {!member.is_verified && <InvitationChip />}
          <RoleChip user={member} />
        </Box>
      </Box>
      <ChevronRightIcon style={{ color: COLORS.textSecondary }} />
    </ListItemButton>
  );
}

function ListSkeleton() {
  return (
    <Box aria-busy="true" aria-label={COMMON_TEXTS.loading}>
      {[0, 1, 2].map((i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 2 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="30%" />
            <Skeleton width="45%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** "User im Team": everyone of the team with role and invitation state (admins only). */
export function UserList({ user }: { user: CurrentUser }) {
  const query = useUsersQuery(true);
  const users = query.data ?? [];

  let body;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError)
    body = (
      <LoadFailed query={query} text={USER_TEXTS.listLoadError} style={{ margin: 16 }} />
    );
  else if (users.length === 0)
    body = <Typography sx={{ p: 3, color: 'text.secondary' }}>{USER_TEXTS.listEmpty}</Typography>;
  else
    body = users.map((member, index) => (
      <Fragment key={member.uuid}>
        {index > 0 && <Divider component="div" />}
        <UserRow member={member} self={member.uuid === user.uuid} />
      </Fragment>
    ));

  return (
    <>
      <SectionHeader title={USER_TEXTS.listTitle} subtitle={USER_TEXTS.listSubtitle} actions={<CreateUserButton user={user} />} />
      {!canCreateUser(user) && (
        <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
          {USER_MESSAGES.userLimitReached}
        </Alert>
      )}
      <TeamNameCard user={user} />
      <Card>
        {users.length > 0 && (
          <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              {USER_TEXTS.usersCount(users.length)}
            </Typography>
          </Box>
        )}
        <Box component="nav" aria-label={USER_TEXTS.listTitle}>
          {body}
        </Box>
      </Card>
    </>
  );
}
