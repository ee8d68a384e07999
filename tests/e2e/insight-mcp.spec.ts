import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startFakeMcpServer, type FakeMcpServer } from '../fixtures/mcp-server.ts';
import { expectNoAxeViolations } from './axe.ts';
import { unique } from './public-helpers.ts';
import { E2E_BASE_URL, SUPERADMIN } from './server.ts';
import { apiHeaders, signedIn } from './api.ts';

// Insight (superadmins): support sets up an external tool (MCP) for a team — a real MCP server on
// 127.0.0.1 (the e2e server runs with OUTBOUND_ALLOW_PRIVATE=true). docs/product/operator-area.md#externe-tools-mcp-per-team.
test.describe.configure({ mode: 'serial' });

const run = unique();
const OWNER = { name: `Olga Werkstatt ${run}`, email: `olga-${run}@beispiel.de`, password: 'Werkstatt#2026' };
const TEAM = `Team ${OWNER.name}`;
const SECRET = 'Bearer geheim-4711';

let mcp: FakeMcpServer;

const nav = (page: Page) => page.getByTestId('side-nav');
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test.beforeAll(async ({ browser }) => {
  mcp = await startFakeMcpServer({ slowMs: 100 });
  const context = await browser.newContext();
  const response = await context.request.post(`${E2E_BASE_URL}/api/register`, {
    data: { ...OWNER, password_confirmation: OWNER.password, terms: true },
    headers: await apiHeaders(context),
  });
  expect(response.ok(), await response.text()).toBe(true);
  await context.close();
});

test.afterAll(async () => {
  await mcp?.close();
});

test('Ohne Superadmin-Recht: kein Menüeintrag Insight, /Insight zeigt die Mika-Bibliothek', async ({
  browser,
}) => {
  const page = await signedIn(browser, OWNER);
  await page.goto('/');
  await expect(nav(page).getByRole('link', { name: 'Benutzer', exact: true })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Insight', exact: true })).toHaveCount(0);
  await page.goto('/Insight');
  await expect(nav(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Team Informationen');
  await expect(page.getByRole('heading', { name: 'Externe Tools (MCP)' })).toHaveCount(0);
  // The section's endpoints refuse too (the server checks every call).
  const refused = await page.context().request.get(`${E2E_BASE_URL}/api/insight/mcpteams?search=`);
  expect(refused.status()).toBe(403);
  await page.context().close();
});

test('Superadmin richtet ein externes Tool mit Authorization-Header ein, bearbeitet und löscht es', async ({
  browser,
}) => {
  // Six screen states, each checked by axe at two widths: 40 s on a quiet machine.
  test.setTimeout(120_000);
  test.setTimeout(120_000);
  const page = await signedIn(browser, SUPERADMIN);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await nav(page).getByRole('link', { name: 'Insight', exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/Insight`);
  await expect(page.getByRole('heading', { level: 1, name: 'Team Informationen' })).toBeVisible();

  // The team's external tools sit in its action view: find the team in the list and open it.
  await page.getByRole('searchbox', { name: 'Team oder E-Mail suchen' }).fill(OWNER.name);
  await expect(page.getByTestId('insight-row')).toHaveCount(1);
  await page.getByRole('link', { name: `${TEAM} bearbeiten` }).click();
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  const card = page.getByRole('region', { name: 'Externe Tools (MCP)' });
  await expect(card.getByText(`Externe Tools von ${TEAM}`)).toBeVisible();
  await expect(card.getByText('Für dieses Team ist noch kein externes Tool eingerichtet.')).toBeVisible();
  await expectNoAxeViolations(page, 'Insight: Team ohne externe Tools');

  // Neu: the form checks name and URL with the server's messages, shown on the fields.
  await card.getByRole('button', { name: 'Neu', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Externes Tool einrichten' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('CR');
  await dialog.getByLabel('URL', { exact: true }).fill('kein-link');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Bitte gib einen Namen ein (mindestens 3 Zeichen).')).toBeVisible();
  await expect(dialog.getByText('Bitte gib eine gültige URL an (https://…).')).toBeVisible();
  await expect(dialog.getByText('Bitte gib einen Wert ein.')).toBeVisible();
  await expectNoAxeViolations(page, 'Externes Tool einrichten mit Fehlern');

  await dialog.getByLabel('Name', { exact: true }).fill('CRM Werkstatt');
  await dialog.getByLabel('URL', { exact: true }).fill(mcp.url);
  await dialog.getByLabel('Beschreibung (optional)').fill('Kundendaten aus dem CRM <b>fett</b>');
  const header = dialog.getByRole('group', { name: 'Header 1' });
  await expect(header.getByLabel('Header-Name')).toHaveValue('Authorization');
  await expect(header.getByLabel('Wert', { exact: true })).toHaveAttribute('type', 'password');
  await header.getByLabel('Wert', { exact: true }).fill(SECRET);
  // A second row can be added and removed again.
  await dialog.getByRole('button', { name: 'Header hinzufügen' }).click();
  await expect(dialog.getByRole('group', { name: 'Header 2' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Header 2 entfernen' }).click();
  await expect(dialog.getByRole('group', { name: 'Header 2' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Externes Tool gespeichert')).toBeVisible();
  await expect(dialog).toBeHidden();

  const server = card.getByRole('listitem', { name: 'CRM Werkstatt' });
  await expect(server).toContainText(mcp.url);
  await expect(server.getByTestId('mcp-headers')).toHaveText('Authorization: ••••••');
  await expect(server.getByTestId('mcp-tools').getByRole('listitem')).toHaveText(['kundenstatus', 'langsam']);
  // Fetching the tool list is logged as a call of the server.
  await expect(server.getByTestId('mcp-stats')).toHaveText(/^\d+ Aufrufe? in 24 h · 0 fehlgeschlagen$/);
  // Text from outside stays text: no markup is rendered, the secret is never shown.
  await expect(server).toContainText('Kundendaten aus dem CRM');
  await expect(server.locator('b')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('geheim-4711');
  // The fixture saw the header on its tools/list call.
  expect(mcp.requests.some((r) => r.headers.authorization === SECRET)).toBe(true);
  await expectNoAxeViolations(page, 'Insight: Team mit externem Tool');

  // Bearbeiten without re-entering the secret: it is kept, the tools are still listed.
  const before = mcp.requests.length;
  await server.getByRole('button', { name: 'CRM Werkstatt bearbeiten' }).click();
  dialog = page.getByRole('dialog', { name: 'Externes Tool bearbeiten' });
  await expect(dialog.getByLabel('URL', { exact: true })).toHaveValue(mcp.url);
  const stored = dialog.getByRole('group', { name: 'Header 1' });
  await expect(stored.getByLabel('Wert', { exact: true })).toHaveValue('');
  await expect(stored.getByText('Leer lassen = gespeicherten Wert behalten')).toBeVisible();
  await expectNoAxeViolations(page, 'Externes Tool bearbeiten');
  await dialog.getByLabel('Name', { exact: true }).fill('CRM Werkstatt Nord');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Externes Tool gespeichert')).toBeVisible();
  await expect(dialog).toBeHidden();
  const renamed = card.getByRole('listitem', { name: 'CRM Werkstatt Nord' });
  await expect(renamed.getByTestId('mcp-headers')).toHaveText('Authorization: ••••••');
  await expect(renamed.getByTestId('mcp-tools').getByRole('listitem')).toHaveText([
    'kundenstatus',
    'langsam',
  ]);
  await expect(renamed.getByTestId('mcp-error')).toHaveCount(0);
  // The refresh after saving went out with the stored secret.
  expect(mcp.requests.slice(before).some((r) => r.headers.authorization === SECRET)).toBe(true);

  // At 390 px the list stays readable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(renamed.getByRole('button', { name: 'CRM Werkstatt Nord löschen' })).toBeVisible();
  await expectNoAxeViolations(page, 'Insight auf dem Telefon');

  // Löschen asks first.
  await renamed.getByRole('button', { name: 'CRM Werkstatt Nord löschen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Externes Tool löschen?' });
  await expect(confirm).toContainText('„CRM Werkstatt Nord“ wird gelöscht.');
  await expectNoAxeViolations(page, 'Externes Tool löschen?');
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(snackbar(page, 'Externes Tool gelöscht')).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'CRM Werkstatt Nord' })).toHaveCount(0);
  await expect(card.getByText('Für dieses Team ist noch kein externes Tool eingerichtet.')).toBeVisible();
  await page.context().close();
});
