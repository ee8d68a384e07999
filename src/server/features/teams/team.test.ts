import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, teams } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { COMMON_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const nameOf = async (teamId: number) => (await t.database.db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId)))[0]!.name;

describe('the team’s name', () => {
  it('the owner renames the team: the next page load and an invitation mail carry the new name', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'team', name: 'Team Sabine Krüger' });
    const agent = await loginAs(t, owner);
    expect((await agent.get('/api/user/data')).json().teamName).toBe('Team Sabine Krüger');
    const renamed = await agent.put('/api/team', { name: '  Kanzlei Krüger & Partner  ' });
    expect(renamed.status, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ status: 'success', message: USER_MESSAGES.teamRenamed, teamName: 'Kanzlei Krüger & Partner' });
    // At once, although every instance keeps the signed-in team for a moment.
    expect((await agent.get('/api/user/data')).json().teamName).toBe('Kanzlei Krüger & Partner');
    expect((await agent.post('/api/user', { name: 'Ina Eingeladen', email: 'ina@kanzlei-krueger.de', invitation: true })).status).toBe(200);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ina@kanzlei-krueger.de'));
    expect(mail!.text).toContain('Kanzlei Krüger & Partner');
    expect(await nameOf(team.id)).toBe('Kanzlei Krüger & Partner');
  });

  it('only the owner, only the own team; bad names are refused in German and change nothing', async () => {
    const { team, owner, admin, employee } = await createStaffedTeam(t.database.db, { plan: 'team', name: 'Team Alt' });
    const other = await createStaffedTeam(t.database.db, { plan: 'team', name: 'Andere GmbH' });
    expect((await (await loginAs(t, admin)).put('/api/team', { name: 'Von der Admin' })).status).toBe(403);
    expect((await (await loginAs(t, employee)).put('/api/team', { name: 'Vom Mitarbeiter' })).status).toBe(403);
    expect((await new Agent(t.app).put('/api/team', { name: 'Von außen' })).status).toBe(401);
    const agent = await loginAs(t, owner);
    const refusals: [unknown, string][] = [
      [{ name: '' }, 'Teamname ist erforderlich'],
      [{ name: 'AB' }, 'Teamname muss mindestens 3 Zeichen lang sein'],
      [{ name: 'x'.repeat(121) }, 'Teamname darf höchstens 120 Zeichen lang sein'],
      [{ name: 'Team\u0000Null' }, COMMON_MESSAGES.invalidCharacters],
      [{}, 'Teamname ist erforderlich'],
    ];
    for (const [body, message] of refusals) {
      const res = await agent.put('/api/team', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toContain(message);
    }
    expect(await nameOf(team.id)).toBe('Team Alt');
    // The owner's rename names only the owner's team.
    expect((await agent.put('/api/team', { name: 'Neu GmbH' })).status).toBe(200);
    expect(await nameOf(other.team.id)).toBe('Andere GmbH');
  });
});
