import { eq } from 'drizzle-orm';
import { teams } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/** The team row itself: purged last by the purge job (purgeTeamRow); exported as team.json. */
export const teamRowOwner: RowOwner = {
  owner: 'teams',
  tables: ['teams'],
  exportDescription: 'team.json: das Team und seine Einstellungen',
  async exportTeam(db, teamId) {
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
    if (!team) throw new Error('team gone');
    return {
      'team.json': exportJson({
        uuid: team.uuid,
        name: team.name,
        plan: team.planSlug,
        billing_period: team.billingPeriod,
        protection_level: team.protectionLevel,
        filter: team.filter,
        retention_member_days: team.retentionMemberDays,
        retention_visitor_days: team.retentionVisitorDays,
        created_at: team.createdAt,
      }),
    };
  },
};
