import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { createStaffedTeam, loginAs } from '../../../tests/factories/index.ts';
import type { Agent } from '../../../tests/setup/agent.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_DAYS: '7', SESSION_ABSOLUTE_DAYS: '30' });
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function signedIn(ip: string): Promise<{ agent: Agent; userId: number }> {
  const { employee } = await createStaffedTeam(t.database.db);
  return { agent: await loginAs(t, employee, undefined, ip), userId: employee.id };
}
const rowsOf = (userId: number) => t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('session lifetimes (docs/security.md)', () => {
  it('issues an httpOnly, SameSite=Lax cookie that lives as long as the absolute lifetime', async () => {
    const { employee } = await createStaffedTeam(t.database.db);
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: employee.email, password: 'Geheim#2026' },
      headers: { 'x-xsrf-token': 'a'.repeat(43), cookie: `XSRF-TOKEN=${'a'.repeat(43)}` },
    });
    const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('mika_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toContain(`Max-Age=${30 * 86_400}`);
    const after = Date.now();
    // 30 days from the moment of the login.
    const [row] = await rowsOf(employee.id);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(after + 30 * DAY);
  });

  it('ends a session idle for longer than the idle lifetime and deletes it', async () => {
    const { agent, userId } = await signedIn('10.9.0.1');
    await t.database.db.update(sessions).set({ lastSeenAt: ago(7 * DAY + 60_000) }).where(eq(sessions.userId, userId));
    expect((await agent.get('/api/user/data')).status).toBe(401);
    expect(await rowsOf(userId)).toHaveLength(0);
  });

  it('keeps an active session alive and records the activity', async () => {
    const { agent, userId } = await signedIn('10.9.0.2');
    await t.database.db.update(sessions).set({ lastSeenAt: ago(6 * DAY) }).where(eq(sessions.userId, userId));
    const before = Date.now();
    expect((await agent.get('/api/user/data')).status).toBe(200);
    const after = Date.now();
    // The activity is recorded as the moment of that request.
    const [row] = await rowsOf(userId);
    expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.lastSeenAt.getTime()).toBeLessThanOrEqual(after);
  });

  it('ends a session at its absolute lifetime however active it is', async () => {
    const { agent, userId } = await signedIn('10.9.0.3');
    await t.database.db
      .update(sessions)
      .set({ createdAt: ago(30 * DAY + 60_000), expiresAt: ago(60_000), lastSeenAt: new Date() })
      .where(eq(sessions.userId, userId));
    expect((await agent.get('/api/user/data')).status).toBe(401);
  });

  it('applies a shortened absolute lifetime to sessions started before the change', async () => {
    const shorter = await createTestApp({ SESSION_ABSOLUTE_DAYS: '2' });
    try {
      const { employee } = await createStaffedTeam(shorter.database.db);
      const agent = await loginAs(shorter, employee);
      // Started 3 days ago under a 30-day setting: expires_at still lies in the future.
      await shorter.database.db
        .update(sessions)
        .set({ createdAt: ago(3 * DAY), expiresAt: new Date(Date.now() + 27 * DAY), lastSeenAt: new Date() })
        .where(eq(sessions.userId, employee.id));
      expect((await agent.get('/api/user/data')).status).toBe(401);
    } finally {
      await shorter.close();
    }
  });
});
