import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, sessions, teams, users } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, createTeam, createUser, DEFAULT_PASSWORD, loginAs } from '../../../../tests/factories/index.ts';
import { COMMON_MESSAGES, ASSISTANT_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const strong = { password: 'Sicher#2026', password_confirmation: 'Sicher#2026' };

describe('user management permissions', () => {
  it('lets only admins list, create, edit and delete users of their own team', async () => {
    const { team, owner, admin, employee } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const other = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const ownerA = await loginAs(t, owner);
    const adminA = await loginAs(t, admin);
    const employeeA = await loginAs(t, employee);
    const strangerA = await loginAs(t, other.admin);

    expect((await new Agent(t.app).get('/api/users')).status).toBe(401);
    expect((await employeeA.get('/api/users')).status).toBe(403);
    const list = (await adminA.get('/api/users')).json().users;
    expect(list.map((u: any) => u.email).sort()).toEqual([owner.email, admin.email, employee.email].sort());
    expect((await strangerA.get('/api/users')).json().users.map((u: any) => u.email)).not.toContain(owner.email);

    // Reading: admins any team member, everyone themselves, other teams never.
    expect((await adminA.get(`/api/user/${employee.uuid}`)).status).toBe(200);
    expect((await employeeA.get(`/api/user/${employee.uuid}`)).json().user.email).toBe(employee.email);
    expect((await employeeA.get(`/api/user/${admin.uuid}`)).status).toBe(403);
    expect((await strangerA.get(`/api/user/${employee.uuid}`)).status).toBe(404);

    // Creating
    const newUser = { name: 'Neue Kollegin', email: 'neu@team.de', is_admin: false, invitation: false, password: strong };
    expect((await employeeA.post('/api/user', newUser)).status).toBe(403);
    const created = await adminA.post('/api/user', newUser);
    expect(created.status, created.body).toBe(200);
    expect(created.json().message).toBe(USER_MESSAGES.userCreated);
    await loginAs(t, { email: 'neu@team.de' } as any, 'Sicher#2026');

    // Only the owner grants admin rights.
    const asAdmin = await adminA.post('/api/user', { ...newUser, email: 'chef@team.de', is_admin: true });
    expect(asAdmin.json().error).toBe(USER_MESSAGES.onlyOwnerSetsAdmin);
    expect((await ownerA.post('/api/user', { ...newUser, email: 'chef@team.de', is_admin: true })).status).toBe(200);
    const promote = await adminA.put('/api/user', { user: { uuid: employee.uuid, name: employee.name, email: employee.email, is_admin: true } });
    expect(promote.json().error).toBe(USER_MESSAGES.onlyOwnerSetsAdmin);
    expect((await ownerA.put('/api/user', { user: { uuid: employee.uuid, name: employee.name, email: employee.email, is_admin: true } })).status).toBe(200);
    const [promoted] = await t.database.db.select().from(users).where(eq(users.id, employee.id));
    expect(promoted!.isAdmin).toBe(true);

    // Deleting: never the owner, never another team's user.
    const ownerDelete = await adminA.delete('/api/user', { user: owner.uuid });
    expect(ownerDelete.json().error).toBe(USER_MESSAGES.ownerNotDeletable);
    expect((await strangerA.delete('/api/user', { user: admin.uuid })).status).toBe(404);
    const del = await ownerA.delete('/api/user', { user: admin.uuid });
    expect(del.json().message).toBe(USER_MESSAGES.userDeleted);
    // The deleted user's session is gone with them.
    expect((await adminA.get('/api/user/data')).status).toBe(401);
    expect((await t.database.db.select().from(users).where(eq(users.teamId, team.id))).length).toBe(4);
  });

  it('enforces the plan user limit including booked extras', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'solo' }); // 2 users, has 3
    const agent = await loginAs(t, owner);
    const body = { name: 'Zu Viel', email: 'zuviel@team.de', invitation: false, password: strong };
    const res = await agent.post('/api/user', body);
    expect(res.status).toBe(403);
    expect(res.json().error).toBe(USER_MESSAGES.userLimitReached);
    await t.database.db.update(teams).set({ amountExtraUsers: 2 }).where(eq(teams.id, team.id));
    expect((await agent.get('/api/user/data')).json().permissions.canCreateUser).toBe(true);
    expect((await agent.post('/api/user', body)).status).toBe(200);
  });

  it('checks the password rules of docs/product/users-and-rights.md and the e-mail', async () => {
    const { owner } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const agent = await loginAs(t, owner);
    const base = { name: 'Paula Passwort', email: 'paula@team.de', invitation: false };
    for (const weak of ['kurz#1A', 'ohnegross#1', 'OHNEKLEIN#1', 'OhneZahl#!', 'OhneSonder12']) {
      const res = await agent.post('/api/user', { ...base, password: { password: weak, password_confirmation: weak } });
      expect(res.status, weak).toBe(422);
      expect(res.json().fields['password.password'], weak).toEqual([USER_MESSAGES.passwordRules]);
    }
    const mismatch = await agent.post('/api/user', { ...base, password: { password: 'Sicher#2026', password_confirmation: 'Sicher#2027' } });
    expect(mismatch.json().fields['password.password_confirmation']).toEqual([USER_MESSAGES.confirmationMismatch]);
    const none = await agent.post('/api/user', base);
    expect(none.json().error).toBe(USER_MESSAGES.passwordRequiredWithoutInvitation);
    const badMail = await agent.post('/api/user', { ...base, email: 'keine-mail', password: strong });
    expect(badMail.json().fields.email).toEqual([COMMON_MESSAGES.emailInvalid]);
    const shortName = await agent.post('/api/user', { ...base, name: 'Al', password: strong });
    expect(shortName.json().fields.name).toEqual([COMMON_MESSAGES.nameMin]);
    const taken = await agent.post('/api/user', { ...base, email: owner.email.toUpperCase(), password: strong });
    expect(taken.json().error).toBe(COMMON_MESSAGES.emailTaken);
    expect((await t.database.db.select().from(users).where(eq(users.email, 'paula@team.de'))).length).toBe(0);
  });

  it('invites by mail with a single-use link that sets the first password', async () => {
    const { owner } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const agent = await loginAs(t, owner);
    const res = await agent.post('/api/user', { name: 'Ina Eingeladen', email: 'ina@team.de', invitation: true });
    expect(res.status, res.body).toBe(200);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ina@team.de'));
    expect(mail!.subject).toBe(USER_MESSAGES.invitationSubject);
    expect(mail!.text).toContain(owner.name);
    const token = /\/reset-password\/([\w-]+)/.exec(mail!.text)![1]!;
    // Not usable before the password is set.
    expect((await new Agent(t.app).post('/api/login', { email: 'ina@team.de', password: 'irgendwas' })).status).toBe(422);
    // The team's password rules apply to the first password too.
    const weak = await new Agent(t.app).post('/api/reset-password', { token, password: 'einfach', password_confirmation: 'einfach' });
    expect(weak.json().fields.password).toEqual([USER_MESSAGES.passwordRules]);
    const set = await new Agent(t.app).post('/api/reset-password', { token, password: 'Ina#2026a', password_confirmation: 'Ina#2026a' });
    expect(set.status).toBe(200);
    await loginAs(t, { email: 'ina@team.de' } as any, 'Ina#2026a');
    const again = await new Agent(t.app).post('/api/reset-password', { token, password: 'Anders#1x', password_confirmation: 'Anders#1x' });
    expect(again.status).toBe(422);
  });

  it('resends an open invitation with a new link that replaces the old one, a few times an hour, never for a set password', async () => {
    const { owner, employee } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const other = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const agent = await loginAs(t, owner);
    await agent.post('/api/user', { name: 'Rita Resend', email: 'rita@team.de', invitation: true });
    const rita = (await agent.get('/api/users')).json().users.find((u: any) => u.email === 'rita@team.de');
    const links = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rita@team.de')).orderBy(mailOutbox.id)).map(
        (m) => /\/reset-password\/([\w-]+)/.exec(m.text)![1]!,
      );
    const [first] = await links();

    // Another team's admin and an employee of the team cannot; the stranger does not even see her.
    expect((await (await loginAs(t, other.admin)).post(`/api/user/${rita.uuid}/invitation`)).status).toBe(404);
    expect((await (await loginAs(t, employee)).post(`/api/user/${rita.uuid}/invitation`)).status).toBe(403);
    expect(await links()).toHaveLength(1);

    const res = await agent.post(`/api/user/${rita.uuid}/invitation`);
    expect(res.json()).toEqual({ status: 'success', message: USER_MESSAGES.invitationResent });
    const [, second] = await links();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The earlier link no longer works; the new one does.
    expect((await new Agent(t.app).get(`/api/reset-password/${first}`)).status).toBe(404);
    expect((await new Agent(t.app).get(`/api/reset-password/${second}`)).json().purpose).toBe('invite');

    // Three an hour per person: the fourth is refused and sends nothing.
    await agent.post(`/api/user/${rita.uuid}/invitation`);
    await agent.post(`/api/user/${rita.uuid}/invitation`);
    const fourth = await agent.post(`/api/user/${rita.uuid}/invitation`);
    expect(fourth.status).toBe(429);
    expect(fourth.json().error).toBe(USER_MESSAGES.invitationResendLimit);
    expect(await links()).toHaveLength(4);

    // Someone who set a password needs no invitation.
    const done = await agent.post(`/api/user/${employee.uuid}/invitation`);
    expect(done.status).toBe(409);
    expect(done.json().error).toBe(USER_MESSAGES.invitationNotOpen);
  });

  it('while an invitation is open, an admin-set password lets the user in and a corrected address ends the old link', async () => {
    const { owner } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const agent = await loginAs(t, owner);
    const invite = async (name: string, email: string) => {
      await agent.post('/api/user', { name, email, invitation: true });
      const user = (await agent.get('/api/users')).json().users.find((u: any) => u.email === email);
      const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      return { user, token: /\/reset-password\/([\w-]+)/.exec(mail!.text)![1]! };
    };

    // The mail never came: the admin gives her a password instead.
    const nina = await invite('Nina Nachricht', 'nina@team.de');
    const set = await agent.put('/api/user', { user: { uuid: nina.user.uuid, name: 'Nina Nachricht', email: 'nina@team.de' }, password: strong });
    expect(set.status, set.body).toBe(200);
    await loginAs(t, { email: 'nina@team.de' } as any, strong.password);
    expect((await agent.get('/api/users')).json().users.find((u: any) => u.email === 'nina@team.de').is_verified).toBe(true);
    expect((await new Agent(t.app).get(`/api/reset-password/${nina.token}`)).status).toBe(404);

    // A typo in the address: the link sent there stops working once the admin corrects it.
    const tom = await invite('Tom Tippfehler', 'tom@tippfehler.de');
    await agent.put('/api/user', { user: { uuid: tom.user.uuid, name: 'Tom Tippfehler', email: 'tom@team.de' } });
    expect((await new Agent(t.app).get(`/api/reset-password/${tom.token}`)).status).toBe(404);
    expect((await agent.post(`/api/user/${tom.user.uuid}/invitation`)).status).toBe(200);
    const [resent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'tom@team.de'));
    expect(resent!.subject).toBe(USER_MESSAGES.invitationSubject);
  });

  it('ends the sessions of a user whose password was changed; a self-change keeps the own browser', async () => {
    const { owner, employee } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const employeeA = await loginAs(t, employee);
    const ownerA = await loginAs(t, owner);
    const ownerB = await loginAs(t, owner);
    await ownerA.put('/api/user', { user: { uuid: employee.uuid, name: employee.name, email: employee.email }, password: strong });
    expect((await employeeA.get('/api/user/data')).status).toBe(401);
    await loginAs(t, employee, 'Sicher#2026');

    const self = await ownerA.put('/api/user', {
      user: { uuid: owner.uuid, name: 'Olga Neu', email: owner.email },
      password: { password: 'Neu#Pass2026', password_confirmation: 'Neu#Pass2026' },
    });
    expect(self.status).toBe(200);
    expect((await ownerA.get('/api/user/data')).json().user.name).toBe('Olga Neu');
    expect((await ownerB.get('/api/user/data')).status).toBe(401);
    const remaining = await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(remaining).toHaveLength(1);
  });

  it('employees edit only their own profile', async () => {
    const { admin, employee } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const agent = await loginAs(t, employee);
    expect((await agent.put('/api/user', { user: { uuid: employee.uuid, name: 'Erika Neu', email: employee.email } })).status).toBe(200);
    expect((await agent.put('/api/user', { user: { uuid: admin.uuid, name: 'Gehackt', email: admin.email } })).status).toBe(403);
    const escalate = await agent.put('/api/user', { user: { uuid: employee.uuid, name: 'Erika Neu', email: employee.email, is_admin: true } });
    expect(escalate.status).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, employee.id));
    expect(row).toMatchObject({ name: 'Erika Neu', isAdmin: false });
  });
});

describe('per-assistant rights', () => {
  it('grants use and edit per assistant, which immediately changes what the employee can do', async () => {
    const { team, admin, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const b = await createAssistant(t.database.db, team);
    const foreign = await createAssistant(t.database.db, await createTeam(t.database.db));
    const adminA = await loginAs(t, admin);
    const employeeA = await loginAs(t, employee);

    expect((await employeeA.post('/api/thread/create', { assistantUuid: a.uuid })).json().error).toBe(ASSISTANT_MESSAGES.noPermission);
    const grant = await adminA.post(`/api/user/${employee.uuid}/permissions`, { assistant_id: a.id, permission_type: 'can_use', value: 1 });
    expect(grant.json()).toEqual({ status: 'success', message: USER_MESSAGES.permissionSaved });
    expect((await employeeA.post('/api/thread/create', { assistantUuid: a.uuid })).status).toBe(200);
    expect((await employeeA.post('/api/thread/create', { assistantUuid: b.uuid })).status).toBe(403);
    expect((await employeeA.get(`/api/assistantdata/${a.uuid}`)).status).toBe(403);
    await adminA.post(`/api/user/${employee.uuid}/permissions`, { assistant_id: a.id, permission_type: 'can_edit', value: true });
    expect((await employeeA.get(`/api/assistantdata/${a.uuid}`)).status).toBe(200);

    const detail = (await adminA.get(`/api/user/${employee.uuid}`)).json();
    expect(detail.assistants.find((x: any) => x.id === a.id)).toMatchObject({ can_use: true, can_edit: true });
    expect(detail.assistants.find((x: any) => x.id === b.id)).toMatchObject({ can_use: false, can_edit: false });
    expect(detail.assistants.map((x: any) => x.id)).not.toContain(foreign.id);

    // No rights on another team's assistant, no rights from employees.
    expect((await adminA.post(`/api/user/${employee.uuid}/permissions`, { assistant_id: foreign.id, permission_type: 'can_use', value: 1 })).status).toBe(404);
    expect((await employeeA.post(`/api/user/${employee.uuid}/permissions`, { assistant_id: b.id, permission_type: 'can_use', value: 1 })).status).toBe(403);
    const other = await createStaffedTeam(t.database.db);
    expect((await (await loginAs(t, other.admin)).post(`/api/user/${employee.uuid}/permissions`, { assistant_id: a.id, permission_type: 'can_use', value: 1 })).status).toBe(404);
  });
});

describe('POST /api/email/support', () => {
  it('validates and mails the support with the sender as reply-to', async () => {
    const { employee } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, employee);
    const short = await agent.post('/api/email/support', { subject: 'Hi', message: 'zu kurz' });
    expect(short.json().fields).toEqual({ subject: [USER_MESSAGES.supportSubjectMin], message: [USER_MESSAGES.supportMessageMin] });
    const res = await agent.post('/api/email/support', {
      subject: 'Frage zur Rechnung',
      message: 'Hallo, wo finde ich die Rechnung vom letzten Monat? Danke!',
    });
    expect(res.json()).toEqual({ status: 'success', message: USER_MESSAGES.supportSent });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, t.config.supportEmail))
      .orderBy(sql`${mailOutbox.id} desc`);
    expect(mail).toMatchObject({ subject: '[Support] Frage zur Rechnung', replyTo: employee.email });
    expect(mail!.text).toContain('wo finde ich die Rechnung');
    expect((await new Agent(t.app).post('/api/email/support', { subject: 'abc', message: 'x'.repeat(40) })).status).toBe(401);
  });
});


describe('who may change whom (finding 3: an admin must not take over the owner)', () => {
  // The rights matrix of docs/security.md for PUT /api/user: caller × target × what changes.
  type Role = 'owner' | 'admin' | 'employee';
  type Change = 'name' | 'email' | 'password';
  const allowed = (caller: Role, target: Role | 'self', change: Change): boolean => {
    if (target === 'self') return true;
    if (caller === 'owner') return true;
    if (caller === 'admin') return target === 'employee' || (target === 'admin' && change === 'name');
    return false;
  };

  const callers: Role[] = ['owner', 'admin', 'employee'];
  let cell = 0;
  const targets: (Role | 'self')[] = ['owner', 'admin', 'employee', 'self'];
  const changes: Change[] = ['name', 'email', 'password'];
  for (const caller of callers) {
    for (const target of targets) {
      if (caller === 'owner' && target === 'owner') continue; // the owner's "owner" is self
      for (const change of changes) {
        const expected = allowed(caller, target, change);
        it(`${caller} → ${target}: ${change} ${expected ? 'allowed' : 'refused'}`, async () => {
          const staff = await createStaffedTeam(t.database.db, { plan: 'agency' });
          const me = staff[caller];
          // A target is always someone else than the caller, except for "self".
          const other = (isAdmin: boolean) => createUser(t.database.db, staff.team, { isAdmin, name: 'Zweite Person' });
          const victim =
            target === 'self' ? me : target === 'admin' ? await other(true) : target === 'employee' && caller === 'employee' ? await other(false) : staff[target];
          // One client address per cell: the login throttle counts per IP.
          const agent = await loginAs(t, me, DEFAULT_PASSWORD, `10.3.${++cell}.1`);
          const user = { uuid: victim.uuid, name: victim.name, email: victim.email };
          const body: Record<string, unknown> = { user };
          if (change === 'name') user.name = 'Neuer Name';
          if (change === 'email') user.email = `neu-${victim.id}@example.com`;
          if (change === 'password') body.password = strong;
          const res = await agent.put('/api/user', body);
          const [after] = await t.database.db.select().from(users).where(eq(users.id, victim.id));
          if (expected) {
            expect(res.status, res.body).toBe(200);
            if (change === 'email') expect(after!.email).toBe(user.email);
          } else {
            expect(res.status, res.body).toBe(403);
            expect(res.json().error).toBe(caller === 'employee' ? COMMON_MESSAGES.forbidden : USER_MESSAGES.onlyOwnerChangesAdmins);
            expect(after).toMatchObject({ name: victim.name, email: victim.email, passwordHash: victim.passwordHash });
          }
        });
      }
    }
  }

  it('only the owner deletes another admin', async () => {
    const { admin, owner } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const second = await createUser(t.database.db, (await t.database.db.select().from(teams).where(eq(teams.id, admin.teamId)))[0]!, {
      isAdmin: true,
    });
    const refused = await (await loginAs(t, admin, DEFAULT_PASSWORD, '10.4.0.1')).delete('/api/user', { user: second.uuid });
    expect(refused.status).toBe(403);
    expect(refused.json().error).toBe(USER_MESSAGES.onlyOwnerChangesAdmins);
    expect((await (await loginAs(t, owner, DEFAULT_PASSWORD, '10.4.0.2')).delete('/api/user', { user: second.uuid })).status).toBe(200);
  });
});
