import type { Page } from '@playwright/test';
import { allowRefusal, apiRequestsOf, expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { unique } from './public-helpers.ts';
import { E2E_BASE_URL, SUPERADMIN } from './server.ts';
import { apiHeaders, signedIn } from './api.ts';

// Insight (superadmins, docs/product/operator-area.md): the team list and a team's action view — plan, trial,
// extras, live login with the warning bar and back — the deletion of a team through its 500 px
// confirm dialog, and the team's own view of support's access under Datenschutz.
test.describe.configure({ mode: 'serial' });
const DESKTOP = { viewport: { width: 1440, height: 900 } };

const run = unique();
const OWNER = { name: `Olga Insight ${run}`, email: `olga-insight-${run}@beispiel.de`, password: 'Insight#2026' };
const DOOMED = { name: `Dora Abschied ${run}`, email: `dora-abschied-${run}@beispiel.de`, password: 'Abschied#2026' };
const TEAM = `Team ${OWNER.name}`;
const DOOMED_TEAM = `Team ${DOOMED.name}`;
const REASON = `Support-Anfrage ${run}`;

const nav = (page: Page) => page.getByTestId('side-nav');
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const liveMarker = (page: Page) => page.evaluate(() => window.localStorage.getItem('liveLogin'));

/** At 390 px the page itself never scrolls sideways (wide tables scroll inside their card). */
async function fitsOnPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A calendar day in Europe/Berlin, days from now: YYYY-MM-DD and as the screens show it. */
function berlinDay(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  const [y, m, d] = iso.split('-');
  return { iso, german: `${d}.${m}.${y}` };
}

/** The Insight list, searched for one team, and that team's action view through its pencil. */
async function openTeam(page: Page, search: string, team: string) {
  await page.goto('/Insight');
  await page.getByRole('searchbox', { name: 'Team oder E-Mail suchen' }).fill(search);
  await expect(page.getByTestId('insight-row')).toHaveCount(1);
  await page.getByRole('link', { name: `${team} bearbeiten` }).click();
  await expect(page.getByRole('heading', { level: 1, name: team })).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  for (const who of [OWNER, DOOMED]) {
    const context = await browser.newContext();
    const response = await context.request.post(`${E2E_BASE_URL}/api/register`, {
      data: { ...who, password_confirmation: who.password, terms: true },
      headers: await apiHeaders(context),
    });
    expect(response.ok(), await response.text()).toBe(true);
    await context.close();
  }
});

test('Superadmin findet ein Team, ändert Tarif und Testzeitraum, bucht einen User dazu und wieder ab', async ({ browser }) => {
  // Two screens and their states, each checked by axe at two widths.
  test.setTimeout(120_000);
  const page = await signedIn(browser, SUPERADMIN, DESKTOP);
  await page.goto('/');
  await nav(page).getByRole('link', { name: 'Insight', exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/Insight`);
  await expect(page.getByRole('heading', { level: 1, name: 'Team Informationen' })).toBeVisible();
  const rows = page.getByTestId('insight-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/^\d+–\d+ von \d+$/)).toBeVisible();
  await expectNoAxeViolations(page, 'Insight: Team Informationen');
  await fitsOnPhone(page);

  // Sorting by users: biggest first, and the header says so.
  await page.getByRole('button', { name: 'User', exact: true }).click();
  await expect(page).toHaveURL(/sort=users&direction=desc/);
  await expect(page.getByRole('columnheader', { name: /^User/ })).toHaveAttribute('aria-sort', 'descending');

  // The search finds the team by a member's e-mail address, and by its name.
  const search = page.getByRole('searchbox', { name: 'Team oder E-Mail suchen' });
  await search.fill(OWNER.email);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(TEAM);
  await expect(page).toHaveURL(/search=/);
  await search.fill(`Nobody ${run}`);
  await expect(page.getByTestId('insight-empty')).toHaveText(`Kein Team passt zu „Nobody ${run}“.`);
  await search.fill(OWNER.name);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('insight-row-deleted')).toHaveText('–');
  await rows.first().getByRole('link', { name: `${TEAM} bearbeiten` }).click();

  // The action view: titled with the team's name, reachable again by reload.
  await expect(page).toHaveURL(/\/Insight\?.*team=[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TEAM })).toBeVisible();
  await expect(page.getByTestId('insight-owner')).toHaveText(`Owner: ${OWNER.name} (${OWNER.email})`);
  const tariff = page.getByRole('region', { name: 'Tarifmodell' });
  const plan = tariff.getByRole('combobox', { name: 'Tarif' });
  await expect(plan).toHaveValue('trial');
  await expect(tariff.getByRole('button', { name: 'Update' })).toBeDisabled();
  for (const card of ['Enthaltene Leistungen', 'Gutschein', 'Zusätzlich gebuchte Leistungen', 'Live-Login', 'Team löschen', 'Testzeitraum', 'Externe Tools (MCP)', 'Audit-Log']) {
    await expect(page.getByRole('region', { name: card, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page, 'Insight: Aktionen eines Teams');
  await fitsOnPhone(page);

  // 1. Tarifmodell: Team monthly, then back to the trial.
  await plan.selectOption('team:monthly');
  await tariff.getByRole('button', { name: 'Update' }).click();
  await expect(snackbar(page, 'Abo wurde angepasst')).toBeVisible();
  await expect(page.getByTestId('insight-plan')).toHaveText('Tarif: team');
  await expect(plan).toHaveValue('team:monthly');
  const trial = page.getByRole('region', { name: 'Testzeitraum', exact: true });
  await expect(trial.getByTestId('insight-trial-hint')).toBeVisible();

  await plan.selectOption('trial');
  await tariff.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('insight-plan')).toHaveText('Tarif: trial');
  await expect(plan).toHaveValue('trial');
  await expect(trial.getByTestId('insight-trial-hint')).toHaveCount(0);

  // 7. Testzeitraum: extended by a month.
  const until = berlinDay(30);
  await trial.getByLabel('Testzeitraum bis').fill(until.iso);
  await trial.getByRole('button', { name: 'Anpassen' }).click();
  await expect(snackbar(page, 'Testzeitraum wurde angepasst')).toBeVisible();
  await expect(trial).toContainText(`Aktuell bis ${until.german}.`);
  await expect(trial.getByLabel('Testzeitraum bis')).toHaveValue(until.iso);

  // 4. Zusätzlich gebuchte Leistungen: the minus is disabled while nothing is booked.
  const users = page.getByRole('region', { name: 'Zusätzlich gebuchte Leistungen' }).getByRole('group', { name: 'User', exact: true });
  const booked = users.getByTestId('insight-extra-user-booked');
  const remove = users.getByRole('button', { name: 'User entfernen' });
  await expect(booked).toHaveText('Gebucht: 0');
  await expect(remove).toBeDisabled();
  await users.getByRole('button', { name: 'User hinzufügen' }).click();
  await expect(snackbar(page, 'Extras wurden angepasst')).toBeVisible();
  await expect(booked).toHaveText('Gebucht: 1');
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(booked).toHaveText('Gebucht: 0');
  await expect(remove).toBeDisabled();

  // Every change is in the audit log, newest first.
  const audit = page.getByTestId('insight-audit-list');
  await expect(audit.getByTestId('insight-audit-action').first()).toHaveText('Extras entfernt');
  for (const action of ['Extras hinzugefügt', 'Testzeitraum angepasst', 'Tarif geändert']) {
    await expect(audit.getByTestId('insight-audit-action').filter({ hasText: action }).first()).toBeVisible();
  }

  // The back arrow returns to the list as it was.
  await page.getByRole('button', { name: 'Zurück zur Liste' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team Informationen' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Team oder E-Mail suchen' })).toHaveValue(OWNER.name);
  await page.context().close();
});

test('Postausgang: die Mail „Passwort zurücksetzen“ an die Inhaberin, der Schlüssel im Link unkenntlich', async ({ browser }) => {
  // The owner asks for a new password: Mika mails her a link with a one-time key.
  const visitor = await browser.newContext();
  const asked = await visitor.request.post(`${E2E_BASE_URL}/api/reset`, { data: { email: OWNER.email }, headers: await apiHeaders(visitor) });
  expect(asked.ok(), await asked.text()).toBe(true);
  await visitor.close();

  const page = await signedIn(browser, SUPERADMIN, DESKTOP);
  await openTeam(page, OWNER.email, TEAM);
  const outbox = page.getByRole('region', { name: 'Postausgang', exact: true });
  await outbox.scrollIntoViewIfNeeded();
  const mail = outbox.getByRole('listitem').filter({ hasText: 'Passwort zurücksetzen' });
  await expect(mail).toContainText(`An ${OWNER.email}`);
  await mail.getByText('Passwort zurücksetzen', { exact: true }).click();
  const text = mail.locator('pre');
  await expect(text).toBeVisible();
  await expect(text).toContainText('/reset-password/[entfernt]');
  // Support can read what Mika sent, but cannot use the link in it.
  await expect(text).not.toContainText(/reset-password\/(?!\[entfernt\])/);
  await expectNoAxeViolations(page, 'Insight: Postausgang geöffnet');
  await fitsOnPhone(page);
  await page.context().close();
});

test('Live-Login: Warnleiste mit dem Team, die Bibliothek des Teams, Beenden führt zurück zu Insight', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, SUPERADMIN, DESKTOP);
  // A second tab of the same browser shows the operator's own library meanwhile.
  const other = await page.context().newPage();
  const otherRequests = apiRequestsOf(other);
  await other.goto('/');
  await expect(nav(other).getByRole('link', { name: 'Insight', exact: true })).toBeVisible();
  await expect(other.getByRole('heading', { level: 1, name: 'Deine Mikas' })).toBeVisible();
  await otherRequests.settled();
  await openTeam(page, OWNER.email, TEAM);
  const live = page.getByRole('region', { name: 'Live-Login' });
  await live.getByLabel('Grund (optional)').fill(REASON);
  await live.getByRole('button', { name: 'Login' }).click();

  // Reloaded into the team: its library, its owner, the warning bar — and no Insight.
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  const bar = page.getByTestId('live-login-banner');
  // The team's name already says "Team …" (registration names it so): said once, not "Team Team".
  await expect(bar).toContainText(`Du bist als ${TEAM} eingeloggt`);
  await expect(bar).not.toContainText('Team Team');
  await expect(bar.getByTestId('live-login-until')).toHaveText(/^bis \d{2}:\d{2}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deine Mikas' })).toBeVisible();
  await expect(page.getByTestId('nav-profile')).toContainText(OWNER.name);
  await expect(nav(page).getByRole('link', { name: 'Insight', exact: true })).toHaveCount(0);
  expect(await liveMarker(page)).toContain(TEAM);
  await expectNoAxeViolations(page, 'Live-Login-Leiste');
  // The other tab now acts for the team too (one session cookie): it shows so, without a click.
  await expect(other.getByTestId('live-login-banner')).toContainText(`Du bist als ${TEAM} eingeloggt`);
  await expect(other.getByTestId('nav-profile')).toContainText(OWNER.name);

  // On a phone the bar keeps the team and the way out, without widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bar).toContainText(`Du bist als ${TEAM} eingeloggt`);
  await expect(bar.getByRole('button', { name: 'Live-Login beenden' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A change inside the team during the live login (it is logged for the team).
  await page.goto('/Dataprotection');
  await expect(bar).toBeVisible();
  await page.getByRole('form', { name: 'Datenschutz' }).getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Einstellungen gespeichert')).toBeVisible();

  await bar.getByRole('button', { name: 'Live-Login beenden' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/Insight`);
  await expect(page.getByRole('heading', { level: 1, name: 'Team Informationen' })).toBeVisible();
  await expect(page.getByTestId('live-login-banner')).toHaveCount(0);
  expect(await liveMarker(page)).toBeNull();
  await expect(other.getByTestId('live-login-banner')).toHaveCount(0);
  await expect(nav(other).getByRole('link', { name: 'Insight', exact: true })).toBeVisible();

  // The team's audit log shows the live login and the change made in it.
  await openTeam(page, OWNER.email, TEAM);
  const audit = page.getByTestId('insight-audit-list');
  for (const action of ['Live-Login gestartet', 'Live-Login beendet', 'Änderung während des Live-Logins']) {
    await expect(audit.getByTestId('insight-audit-entry').filter({ hasText: action }).first()).toBeVisible();
  }
  await expect(
    audit.getByTestId('insight-audit-entry').filter({ hasText: 'Änderung während des Live-Logins' }).first().getByText('Live-Login', { exact: true }),
  ).toBeVisible();
  await page.context().close();
});

test('Die Inhaberin sieht den Zugriff des Supports unter Datenschutz → Support-Zugriffe', async ({ browser }) => {
  const page = await signedIn(browser, OWNER, DESKTOP);
  await page.goto('/');
  await nav(page).getByRole('link', { name: 'Datenschutz', exact: true }).click();
  const card = page.getByRole('region', { name: 'Support-Zugriffe' });
  await expect(card).toContainText('Jeder Zugriff wird protokolliert');
  const row = card.getByTestId('support-access-row').filter({ hasText: REASON });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  // Ended: a time, not "läuft".
  await expect(cells.nth(1)).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await expect(cells.nth(2)).not.toHaveText('');
  await expect(cells.nth(4)).toHaveText(/^[1-9]\d*$/);
  await expect(card.getByText('Bisher hat sich der Support nicht in Dein Team eingeloggt.')).toHaveCount(0);
  await expectNoAxeViolations(page, 'Datenschutz mit Support-Zugriffen');
  await page.context().close();
});

test('Ein Team ohne Support-Zugriff sieht den Hinweis, dass sich der Support nicht eingeloggt hat', async ({ browser }) => {
  const page = await signedIn(browser, DOOMED, DESKTOP);
  await page.goto('/Dataprotection');
  await expect(page.getByRole('region', { name: 'Support-Zugriffe' }).getByTestId('support-access-empty')).toHaveText(
    'Bisher hat sich der Support nicht in Dein Team eingeloggt.',
  );
  await page.context().close();
});

test('Gutscheine: anlegen, einem Team geben, deaktivieren', async ({ browser }) => {
  test.setTimeout(120_000);
  const CODE = `HERBST${run}`.toUpperCase();
  const page = await signedIn(browser, SUPERADMIN, DESKTOP);
  await page.goto('/Insight');
  await page.getByRole('tab', { name: 'Gutscheine' }).click();
  await expect(page).toHaveURL(/tab=Gutscheine/);
  const form = page.getByRole('region', { name: 'Neuer Gutschein' });
  await form.getByRole('textbox', { name: 'Code' }).fill(CODE);
  await form.getByRole('spinbutton', { name: 'Rabatt in %' }).fill('20');
  await form.getByRole('spinbutton', { name: 'Laufzeit in Monaten (optional)' }).fill('3');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Gutschein gespeichert')).toBeVisible();
  const row = page.getByTestId('promotion-code').filter({ hasText: CODE });
  await expect(row).toContainText('20 %');
  await expect(row).toContainText('3 Monate');
  await expect(row.getByRole('button', { name: `Gutschein ${CODE} deaktivieren` })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Code' })).toHaveValue('');
  await expectNoAxeViolations(page, 'Insight: Gutscheine');
  await fitsOnPhone(page);

  // The same code twice: the server's message on the field.
  allowRefusal(422, '/api/insight/promotioncodes');
  await form.getByRole('textbox', { name: 'Code' }).fill(CODE);
  await form.getByRole('spinbutton', { name: 'Rabatt in %' }).fill('10');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form.getByText('Diesen Gutscheincode gibt es bereits.')).toBeVisible();

  // Applied to a team: an unknown code is refused on the field, the real one shows as active.
  await openTeam(page, OWNER.email, TEAM);
  const card = page.getByRole('region', { name: 'Gutschein', exact: true });
  allowRefusal(422, '/api/insight/applypromotioncode');
  await card.getByRole('textbox', { name: 'Gutscheincode' }).fill(`NIX${run}`);
  await card.getByRole('button', { name: 'Anwenden' }).click();
  await expect(card.getByText('Diesen Gutscheincode gibt es nicht oder er ist nicht mehr gültig.')).toBeVisible();
  await card.getByRole('textbox', { name: 'Gutscheincode' }).fill(CODE);
  await card.getByRole('button', { name: 'Anwenden' }).click();
  await expect(snackbar(page, 'Gutschein wird angewendet')).toBeVisible();
  await expect(card.getByTestId('insight-discount')).toContainText(`Aktiver Gutschein: ${CODE} · 20 % · bis `);
  await expect(page.getByTestId('insight-audit-list').getByTestId('insight-audit-action').first()).toHaveText('Gutschein angewendet');

  // Deactivated after a 400 px confirm dialog: it stays listed, no longer active.
  await page.goto('/Insight?tab=Gutscheine');
  await row.getByRole('button', { name: `Gutschein ${CODE} deaktivieren` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gutschein deaktivieren?' });
  await expect(dialog).toContainText(`„${CODE}“ kann danach nicht mehr eingelöst werden.`);
  expect(Math.round((await dialog.boundingBox())!.width)).toBe(400);
  await dialog.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(snackbar(page, 'Gutschein deaktiviert')).toBeVisible();
  await expect(row).toContainText('deaktiviert');
  await expect(row.getByRole('button', { name: `Gutschein ${CODE} deaktivieren` })).toHaveCount(0);
  await page.context().close();
});

test('Superadmin löscht ein Team über den Bestätigungsdialog; die Zeile ist als gelöscht markiert', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, SUPERADMIN, DESKTOP);
  await openTeam(page, DOOMED.email, DOOMED_TEAM);
  const card = page.getByRole('region', { name: 'Team löschen' });
  // Billing by invoice: the Stripe switch is off and locked; soft delete is on by default.
  await expect(card.getByRole('switch', { name: 'Stripe-Kunde löschen' })).not.toBeChecked();
  await expect(card.getByRole('switch', { name: 'Stripe-Kunde löschen' })).toBeDisabled();
  await expect(card.getByRole('switch', { name: 'Soft delete' })).toBeChecked();
  await card.getByRole('button', { name: 'Löschen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Löschen' });
  await expect(dialog).toContainText('Willst Du dieses Team löschen?');
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  // docs/product/operator-area.md: the team deletion's confirm dialog is 500 px wide.
  expect(Math.round((await dialog.boundingBox())!.width)).toBe(500);
  await expectNoAxeViolations(page, 'Team löschen: Bestätigung');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('dialog', { name: 'Löschen' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(snackbar(page, 'Team wurde mit allen Daten gelöscht')).toBeVisible();

  // Back on the list: the row is marked deleted, with the date.
  await expect(page.getByRole('heading', { level: 1, name: 'Team Informationen' })).toBeVisible();
  await expect(page).not.toHaveURL(/team=/);
  // A deleted team's members may have given up their addresses: find it by its name.
  await page.getByRole('searchbox', { name: 'Team oder E-Mail suchen' }).fill(DOOMED.name);
  const row = page.getByTestId('insight-row').filter({ hasText: DOOMED_TEAM });
  await expect(row).toHaveAttribute('data-deleted', 'true');
  await expect(row).toContainText('gelöscht');
  await expect(row.getByTestId('insight-row-deleted')).toHaveText(berlinDay(0).german);

  // Its action view says so and offers to restore it.
  await row.getByRole('link', { name: `${DOOMED_TEAM} bearbeiten` }).click();
  const deleted = page.getByTestId('insight-deleted');
  await expect(deleted).toContainText('Dieses Team ist gelöscht');
  await expect(deleted.getByRole('button', { name: 'Wiederherstellen' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live-Login' }).getByRole('button', { name: 'Login' })).toBeDisabled();
  await page.context().close();
});
