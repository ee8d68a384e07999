import type { User } from '../../db/schema/index.ts';
import { provideObjectRule, requireAccess } from '../../platform/access.ts';
import { findTeamUser } from './user.service.ts';

// The users feature owns the access to a team's people (platform/access.ts, OBJECT_PERMISSIONS).
declare module '../../platform/access.ts' {
  interface ObjectPermissions {
    /** A person's uuid → the person of the caller's team. */
    'team.user': { ref: string; proof: User };
  }
}

provideObjectRule('team.user', (deps, auth, uuid) => findTeamUser(deps, requireAccess(auth, 'member'), uuid));
