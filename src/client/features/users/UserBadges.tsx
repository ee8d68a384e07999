import { Chip } from '../../components/ui/Chip.ts';
import { alpha } from '../../components/ui/styles.ts';
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
      sx={(theme) => ({
        fontWeight: 600,
        color: theme.palette[color].light,
        bgcolor: alpha(theme.palette[color].main, 0.14),
        border: `1px solid ${alpha(theme.palette[color].main, 0.3)}`,
      })}
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
