import { Chip } from '../../components/ui/Chip.ts';
import { COLORS, translucent } from '../../lib/theme-tokens.ts';
import { Avatar } from '../../components/ui/Avatar.tsx';
import type { TeamUser } from '../../../shared/schemas/users.ts';
import { USER_TEXTS } from './texts.ts';
import { ROLE_LABELS, roleKind, type RoleKind } from './user-view.ts';

const ROLE_COLORS: Record<RoleKind, 'pink' | 'purple' | 'blue'> = {
  owner: 'pink',
  admin: 'purple',
  employee: 'blue',
};

/** Inhaber / Administrator / Mitarbeiter as a tinted chip. */
export function RoleChip({ user }: { user: Pick<TeamUser, 'role' | 'is_admin'> }) {
  const kind = roleKind(user);
  const color = ROLE_COLORS[kind];
  return (
    <Chip
      size="small"
      label={ROLE_LABELS[kind]}
      sx={{
        fontWeight: 600,
        color: `${color}.light`,
        bgcolor: translucent(COLORS[color], 0.14),
        border: `1px solid ${translucent(COLORS[color], 0.3)}`,
      }}
    />
  );
}

/** Shown while an invited user has not set a password yet. */
export function InvitationChip() {
  return <Chip size="small" variant="outlined" color="warning" label={USER_TEXTS.invitationOpen} sx={{ fontWeight: 600 }} />;
}

/** A team member: initials on the raised surface (ui/Avatar). */
export function UserAvatar({ name, size = 40 }: { name: string; size?: number }) {
  return <Avatar name={name} tone="neutral" size={size} />;
}
