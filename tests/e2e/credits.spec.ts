import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext } from '@playwright/test';
import { allowRefusal, expect, test } from './fixtures.ts';
import { startServer, type StartedServer } from './server.ts';
import { registerOwner } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';

// Credits (issue 14): when the team's credits are used up, the office chat refuses the question
// with the German text that says where to top up — before any model is asked.
// The server runs on its own PostgreSQL database so the journey can empty the team's credits the
// way an operator's correction would (a ledger entry and the balance, in one transaction).

const ASSISTANT = 'Mika Allrounder';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `mika_e2e_credits_${randomBytes(4).toString('hex')}`;
const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

let server: StartedServer;

test.beforeAll(async () => {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  server = await startServer({ DATABASE_URL: withDb(ADMIN_URL, dbName) });
});

test.afterAll(async () => {
  await server?.stop();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

async function register(context: BrowserContext, baseUrl: string) {
  const id = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return registerOwner(context, { name: 'Carla Credits', email: `credits-${id}@beispiel.de`, password: 'Guthaben#2026' }, baseUrl);
}

/** The operator's correction: the team's whole balance booked away. */
async function useUpCredits(email: string) {
  const db = new pg.Client({ connectionString: withDb(ADMIN_URL, dbName) });
  await db.connect();
  try {
    await db.query('begin');
    const { rows } = await db.query<{ team_id: number; units: number }>(
      'select b.team_id, b.units from credit_balances b join users u on u.team_id = b.team_id where u.email = $1 for update',
      [email],
    );
    const { team_id, units } = rows[0]!;
    expect(units).toBe(30_000); // the trial's 30 credits, granted at registration
    await db.query(
      `insert into credit_ledger (team_id, kind, units, month, reference, note)
       values ($1, 'correction', $2, to_char(now() at time zone 'Europe/Berlin', 'YYYY-MM'), 'e2e:used-up', 'test')`,
      [team_id, -units],
    );
    await db.query('update credit_balances set units = 0 where team_id = $1', [team_id]);
    await db.query('commit');
  } finally {
    await db.end();
  }
}

test('Guthaben aufgebraucht: der Chat lehnt ab und sagt, wo man auflädt', async ({ page }) => {
  const user = await register(page.context(), server.baseUrl);
  await page.goto(`${server.baseUrl}/`);
  const card = page.getByRole('article', { name: ASSISTANT });
  await card.getByRole('button', { name: `Mit ${ASSISTANT} sprechen` }).click();
  await expect(page.getByRole('heading', { name: ASSISTANT, level: 1 })).toBeVisible();

  // With credits the question is answered (the offline engine here).
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await input.fill('Hallo, bist Du da?');
  await input.press('Enter');
  await expect(page.locator('[data-testid="chat-message"][data-origin="ai"]')).toHaveCount(1);

  await useUpCredits(user.email);
  allowRefusal(402, '/api/send/stream');
  await input.fill('Und noch eine Frage?');
  await input.press('Enter');
  const refusal =
    'Dein Team hat kein Guthaben mehr. Lade Credits unter Nutzung → Aufladen auf, dann kann Dein Mika weiterarbeiten.';
  await expect(page.getByTestId('snackbar')).toHaveText(refusal);
  // Nothing was answered.
  await expect(page.locator('[data-testid="chat-message"][data-origin="ai"]')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/credits-refusal.png' });
  await expectNoAxeViolations(page, 'Chat ohne Guthaben');
});
