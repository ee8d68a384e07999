import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, teams } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { createSession, createStaffedTeam, loginAs } from '../../../tests/factories/index.ts';
import { sha256 } from './crypto.ts';
import { createAuthCache, type AuthCache } from './auth-cache.ts';
import { authFromSessionToken } from './session.ts';

// The session cache (AUTH_CACHE_MS) must never let a change wait: the database announces every
// change of a session, user or team (migration 0018), and a team's own change holds before its
// answer leaves. The two-instance test covers the same across processes.

let t: TestApp;
let cache: AuthCache;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '10000' });
  cache = await createAuthCache(t.database, { ttlMs: 60_000, log: t.app.log, retryMs: 100 });
});
afterAll(async () => {
  await cache?.close();
  await t?.close();
});

const sessionOf = (userId: number) => createSession(t.database.db, userId);

describe('session cache', () => {
  it('serves a session from memory until the database announces a change of its team, user or session', async () => {
    const { owner, team } = await createStaffedTeam(t.database.db);
    const token = await sessionOf(owner.id);
    const first = await authFromSessionToken(t.database.db, t.config, token, cache);
    expect(first?.user.id).toBe(owner.id);
    // The same object again: no lookup.
    expect(await authFromSessionToken(t.database.db, t.config, token, cache)).toBe(first);

    // Another instance (here: a direct write) renames the team: the next lookup sees it.
    await t.database.db.update(teams).set({ name: 'Umbenannt GmbH' }).where(eq(teams.id, team.id));
    await expect.poll(() => cache.get(sha256(token))).toBeUndefined();
    expect((await authFromSessionToken(t.database.db, t.config, token, cache))?.team.name).toBe('Umbenannt GmbH');

    // A deleted session (sign-out elsewhere, a purge) is gone at once.
    await t.database.db.delete(sessions).where(eq(sessions.id, sha256(token)));
    await expect.poll(() => cache.get(sha256(token))).toBeUndefined();
    expect(await authFromSessionToken(t.database.db, t.config, token, cache)).toBeNull();
  });

  it('does not keep what a lookup read when a change came while it ran', async () => {
    const { employee, team } = await createStaffedTeam(t.database.db);
    const token = await sessionOf(employee.id);
    const auth = (await authFromSessionToken(t.database.db, t.config, token, cache))!;
    cache.dropTeam(team.id);
    const before = cache.generation;
    cache.dropTeam(team.id + 100_000); // any drop in between
    cache.set(sha256(token), auth, new Date(Date.now() + 60_000), before);
    expect(cache.get(sha256(token))).toBeUndefined();
  });

  it("a team's own change holds for its next request on the same instance (booked extra → limit at once)", async () => {
    const { owner } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const agent = await loginAs(t, owner);
    const address = { company: 'Cache GmbH', street: 'Teststraße 1', postcode: '10115', city: 'Berlin', country: 'DE', vat_id: null, invoice_email: 'rechnung@cache.de' };
    expect((await agent.put('/api/billing/address', address)).status).toBe(200);
    // The app's cache now holds the owner's session with the team as it is.
    const before = (await agent.get('/api/shop')).json().assistantAddons as number;
    expect((await agent.get('/api/shop')).json().assistantAddons).toBe(before);
    const bought = await agent.post('/api/shop/mika', { qty: 2 });
    expect(bought.status, bought.body).toBe(200);
    expect((await agent.get('/api/shop')).json().assistantAddons).toBe(before + 2);
  });
});
