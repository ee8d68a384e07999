import { randomBytes } from 'node:crypto';
import { PLAN_LIMITS, type PlanSlug } from '../../src/shared/constants.ts';
import type { Db } from '../../src/server/db/client.ts';
import {
  DEFAULT_FORM_SETTINGS,
  assistantRights,
  assistantTools,
  assistants,
  sessions,
  teams,
  users,
  type Assistant,
  type FormSettings,
  type Team,
  type User,
} from '../../src/server/db/schema/index.ts';
import { grantCredits, grantMonthlyAllowance } from '../../src/server/features/credits/credit.service.ts';
import { hashPassword, randomToken, sha256 } from '../../src/server/platform/crypto.ts';
import { Agent } from '../setup/agent.ts';
import type { TestApp } from '../setup/test-app.ts';
import { expect } from 'vitest';

export const DEFAULT_PASSWORD = 'Geheim#2026';
let hashed: Promise<string> | undefined;
const defaultHash = () => (hashed ??= hashPassword(DEFAULT_PASSWORD));

const unique = () => randomBytes(4).toString('hex');

export async function createTeam(
  db: Db,
  opts: Partial<typeof teams.$inferInsert> & { plan?: PlanSlug; /** Starting credits (whole); default: the plan's allowance. */ credits?: number } = {},
): Promise<Team> {
  const plan = opts.plan ?? 'team';
  const limits = PLAN_LIMITS[plan];
  const [team] = await db
    .insert(teams)
    .values({
      name: `Testteam ${unique()}`,
      planSlug: plan,
      trialEndsAt: plan === 'trial' ? new Date(Date.now() + 14 * 86_400_000) : null,
      amountMikas: limits.mikas,
      amountUsers: limits.users,
      amountPublicLicences: limits.publicLicences,
      ...opts,
    })
    .returning();
  // Like registration and the monthly job: the team starts with its month's credits.
  if (opts.credits !== 0) {
    if (opts.credits === undefined) await grantMonthlyAllowance(db, team!);
    else await grantCredits(db, { teamId: team!.id, kind: 'correction', credits: opts.credits, reference: 'test:start' });
  }
  return team!;
}

export async function createUser(
  db: Db,
  team: Team,
  opts: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<User> {
  const { password, ...rest } = opts;
  const [user] = await db
    .insert(users)
    .values({
      teamId: team.id,
      name: `Testperson ${unique()}`,
      email: `person-${unique()}@example.com`,
      passwordHash: password ? await hashPassword(password) : await defaultHash(),
      isVerified: true,
      ...rest,
    })
    .returning();
  return user!;
}

/** A team with an owner (admin), a second admin and an employee. */
export async function createStaffedTeam(db: Db, opts: Parameters<typeof createTeam>[1] = {}) {
  const team = await createTeam(db, opts);
  const owner = await createUser(db, team, { isAdmin: true, role: 'owner', name: 'Olga Owner' });
  const admin = await createUser(db, team, { isAdmin: true, role: 'employee', name: 'Anton Admin' });
  const employee = await createUser(db, team, { isAdmin: false, role: 'employee', name: 'Erika Employee' });
  return { team, owner, admin, employee };
}

/** A session of the user straight in the database (valid for a day); returns its cookie value. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomToken(32);
  await db.insert(sessions).values({ id: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

/** Logs in through the real API and returns the browser-like agent holding the session. */
export async function loginAs(t: TestApp, user: User, password = DEFAULT_PASSWORD, ip?: string): Promise<Agent> {
  const agent = new Agent(t.app, ip);
  const res = await agent.post('/api/login', { email: user.email, password });
  expect(res.status, res.body).toBe(200);
  return agent;
}

export async function createAssistant(
  db: Db,
  team: Team | null,
  { form, ...opts }: Partial<typeof assistants.$inferInsert> & { form?: { active: boolean; settings?: Partial<FormSettings> } } = {},
): Promise<Assistant> {
  const [row] = await db
    .insert(assistants)
    .values({
      teamId: team?.id ?? null,
      isDefault: team === null,
      name: `Mika ${unique()}`,
      type: 'chat',
      role: 'Du bist eine hilfsbereite Assistenz für unser Team im Vertrieb.',
      task: 'Du beantwortest Fragen. '.repeat(12),
      style: 'professionell und sachlich',
      intro: 'Hallo! Wie kann ich helfen?',
      ...opts,
    })
    .returning();
  if (form) {
    await db
      .insert(assistantTools)
      .values({ assistantId: row!.id, toolSlug: 'form', active: form.active, settings: { ...DEFAULT_FORM_SETTINGS, ...form.settings } });
  }
  return row!;
}

export async function grantRights(
  db: Db,
  user: User,
  assistant: Assistant,
  rights: { canUse?: boolean; canEdit?: boolean },
): Promise<void> {
  await db
    .insert(assistantRights)
    .values({ userId: user.id, assistantId: assistant.id, canUse: rights.canUse ?? false, canEdit: rights.canEdit ?? false })
    .onConflictDoUpdate({
      target: [assistantRights.userId, assistantRights.assistantId],
      set: { canUse: rights.canUse ?? false, canEdit: rights.canEdit ?? false },
    });
}
