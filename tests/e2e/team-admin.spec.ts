import type { Page } from '@playwright/test';
import { allowRefusal, expect, test } from './fixtures.ts';
import { E2E_BASE_URL, latestMailText } from './server.ts';
import { expectNoAxeViolations } from './axe.ts';
import { apiHeaders, callApi, registerOwner, signedIn } from './api.ts';

// Team administration (issue "Team administration"): users and rights, data protection, support.
// One fresh trial team per run (3 users, 3 Mikas); the journeys build on each other.
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const OWNER = { name: 'Ines Inhaberin', email: `inhaberin-${run}@beispiel.de`, password: 'Inhaberin#2026' };
const EMPLOYEE = { name: 'Max Mitarbeiter', email: `max-${run}@beispiel.de`, password: 'Mitarbeit#2026' };
/** The name the owner gives the team (the first journey); the invitation greets with it. */
const TEAM_NAME = 'Praxis Inhaberin & Partner';
const INVITEE = { name: 'Alina Admin', email: `alina-${run}@beispiel.de`, password: 'Eingeladen#2026' };
const SUPPORT_ADDRESS = 'support@mika.local';
const GRANTED = 'Mika Allrounder';

const LIMIT_TEXT = 'Die maximale Anzahl an Usern ist erreicht. Bitte passe Dein Abo an, um weitere User anzulegen.';
const FILTER_100 = 'Bei diesem Grad des Datenschutzes muss der Filter aus mindestens 100 Buchstaben bestehen.';
const FILTER_ENTRIES =
  'Bitte trenne die Einträge mit einem Komma. Jeder Eintrag muss mindestens 3 Zeichen lang sein. Vor- und Nachnamen sind erlaubt.';
const LONG_FILTER =
  'Muster GmbH, Erika Mustermann, Projekt Falke, Kundennummer, Beispielstadt, Hans Beispiel, Vertragsentwurf, Lieferant Nord';

/** Signs in through the login screen, as a person would. */
async function loginThroughUi(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-Mail', { exact: true }).fill(who.email);
  await page.getByLabel('Passwort', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByTestId('side-nav')).toBeVisible();
}

function nav(page: Page) {
  return page.getByTestId('side-nav');
}

function snackbar(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const response = await context.request.post(`${E2E_BASE_URL}/api/register`, {
    data: { ...OWNER, password_confirmation: OWNER.password, terms: true },
    headers: await apiHeaders(context),
  });
  expect(response.ok(), await response.text()).toBe(true);
  await context.close();
});

test('Inhaberin legt einen Mitarbeiter mit Passwort an und gibt genau einen Mika frei', async ({ browser }) => {
  const page = await signedIn(browser, OWNER);
  await page.goto('/');
  for (const entry of ['Support', 'Datenschutz', 'Benutzer']) {
    await expect(nav(page).getByRole('link', { name: entry, exact: true })).toBeVisible();
  }

  await nav(page).getByRole('link', { name: 'Benutzer', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'User im Team' })).toBeVisible();
  const ownerRow = page.getByRole('link', { name: `${OWNER.name} bearbeiten` });
  await expectNoAxeViolations(page, 'User im Team');
  await expect(ownerRow).toContainText('Inhaber');
  await expect(ownerRow).toContainText(OWNER.email);

  // The team was named after the owner at registration; she gives it the company's name.
  const teamName = page.getByTestId('team-name');
  await expect(teamName).toContainText(`Team ${OWNER.name}`);
  await teamName.getByRole('button', { name: 'Umbenennen' }).click();
  const nameField = teamName.getByRole('textbox', { name: 'Teamname' });
  await nameField.fill('AB');
  allowRefusal(422, '/api/team');
  await teamName.getByRole('button', { name: 'Speichern' }).click();
  await expect(teamName.getByText('Teamname muss mindestens 3 Zeichen lang sein')).toBeVisible();
  await expectNoAxeViolations(page, 'Teamname mit Fehler');
  await nameField.fill(TEAM_NAME);
  await teamName.getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Teamname gespeichert')).toBeVisible();
  await expect(teamName).toContainText(TEAM_NAME);
  await expect(nav(page)).toContainText(TEAM_NAME);
  await page.reload();
  await expect(page.getByTestId('team-name')).toContainText(TEAM_NAME);

  await page.getByRole('link', { name: 'User anlegen' }).click();
  await expect(page.getByRole('heading', { name: 'User anlegen' })).toBeVisible();
  await expect(page.getByTestId('password-rules')).toContainText('mindestens 8 Zeichen');
  await page.getByLabel('Name', { exact: true }).fill(EMPLOYEE.name);
  await page.getByLabel('E-Mail', { exact: true }).fill(EMPLOYEE.email);
  // A weak password is refused with the rules, a different confirmation with its own message.
  await page.getByLabel('Passwort', { exact: true }).fill('schwach');
  await page.getByLabel('Passwort bestätigen').fill('anders');
  await page.getByRole('button', { name: 'Anlegen' }).click();
  await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein', { exact: false })).toBeVisible();
  await expect(page.getByText('Die Bestätigung stimmt nicht überein')).toBeVisible();
  await expectNoAxeViolations(page, 'User anlegen mit Fehlern');
  await page.getByLabel('Passwort', { exact: true }).fill(EMPLOYEE.password);
  await page.getByLabel('Passwort bestätigen').fill(EMPLOYEE.password);
  await page.getByRole('button', { name: 'Anlegen' }).click();

  await expect(snackbar(page, 'Der User wurde angelegt')).toBeVisible();
  await expect(page).toHaveURL(/\/User\?view=edit&user=[0-9a-f-]+&tab=rights$/);
  await expect(page.getByRole('heading', { name: EMPLOYEE.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rechte' })).toHaveAttribute('aria-selected', 'true');

  const granted = page.getByRole('group', { name: GRANTED });
  const useSwitch = granted.getByRole('switch', { name: 'Nutzung erlaubt' });
  // Each switch names its Mika: a screen reader tells the rows apart without the visual layout.
  await expect(page.getByRole('switch', { name: `Nutzung erlaubt für ${GRANTED}`, exact: true })).toHaveCount(1);
  await expect(page.getByRole('switch', { name: `Anpassung erlaubt für ${GRANTED}`, exact: true })).toHaveCount(1);
  await expect(page.getByRole('switch', { name: 'Nutzung erlaubt', exact: true })).toHaveCount(0);
  await expect(useSwitch).not.toBeChecked();
  await useSwitch.click();
  await expect(snackbar(page, 'Einstellung gespeichert')).toBeVisible();
  await expectNoAxeViolations(page, 'User bearbeiten: Rechte');
  await expect(useSwitch).toBeChecked();
  // Exactly one switch "Nutzung erlaubt" is on.
  await expect(page.getByRole('switch', { name: 'Nutzung erlaubt', checked: true })).toHaveCount(1);

  // The right is stored: after a reload the switch is still on.
  await page.reload();
  await expect(page.getByRole('group', { name: GRANTED }).getByRole('switch', { name: 'Nutzung erlaubt' })).toBeChecked();

  // Back in the list the new employee shows as Mitarbeiter.
  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  await expect(page.getByRole('link', { name: `${EMPLOYEE.name} bearbeiten` })).toContainText('Mitarbeiter');
  await page.context().close();
});

test('Der Mitarbeiter darf genau den freigegebenen Mika nutzen und sieht keine Verwaltung', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughUi(page, EMPLOYEE);

  await expect(nav(page).getByRole('link', { name: 'Support', exact: true })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Benutzer', exact: true })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Datenschutz', exact: true })).toHaveCount(0);
  // Only the owner can book: an employee sees the trial countdown without "Tarif wählen".
  await expect(page.getByTestId('trial-countdown')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tarif wählen' }).or(page.getByRole('button', { name: 'Tarif wählen' }))).toHaveCount(0);

  // The library: only the granted assistant's chat action is enabled, nothing else on the cards.
  const cards = page.getByTestId('assistant-card');
  await expect(cards.first()).toBeVisible();
  await expectNoAxeViolations(page, 'Bibliothek eines Mitarbeiters');
  expect(await cards.count()).toBeGreaterThan(1);
  await expect(
    page.getByRole('article', { name: GRANTED }).getByRole('button', { name: `Mit ${GRANTED} sprechen` }),
  ).toBeEnabled();
  await expect(cards.getByRole('button', { disabled: false })).toHaveCount(1);

  // What the library is built from: exactly the granted assistant may be used.
  const assistants = await page.evaluate(async () => {
    const response = await fetch('/api/assistants/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return ((await response.json()) as { assistants: { name: string; can_use: boolean }[] }).assistants;
  });
  expect(assistants.length).toBeGreaterThan(1);
  expect(assistants.filter((a) => a.can_use).map((a) => a.name)).toEqual([GRANTED]);

  // The profile entry opens the own profile: no list, no rights, no delete.
  await page.getByTestId('nav-profile').click();
  await expect(page.getByRole('heading', { name: 'Mein Profil' })).toBeVisible();
  await expectNoAxeViolations(page, 'Mein Profil');
  await expect(page).toHaveURL(/\/User\?view=edit&user=/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(EMPLOYEE.name);
  await expect(page.getByRole('tab', { name: 'Rechte' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User löschen' })).toHaveCount(0);
  await expect(page.getByLabel('Administrator')).toHaveCount(0);

  // Renaming oneself shows in the navigation at once.
  await page.getByLabel('Name', { exact: true }).fill('Max M. Mitarbeiter');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Eingaben gespeichert')).toBeVisible();
  await expect(page.getByTestId('nav-profile')).toContainText('Max M. Mitarbeiter');

  // The user list and the data protection screen are not for employees.
  await page.goto('/User');
  await expect(page.getByRole('heading', { name: 'Mein Profil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User im Team' })).toHaveCount(0);
  await page.goto('/Dataprotection');
  await expect(page.getByTestId('side-nav')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Datenschutz', exact: true })).toHaveCount(0);
  await context.close();
});

test('Datenschutz: jede Stufe erklärt sich, Hoch verlangt einen Filter mit 100 Zeichen', async ({ browser }) => {
  const page = await signedIn(browser, OWNER);
  await page.goto('/Dataprotection');
  await expect(page.getByRole('heading', { name: 'Datenschutz', exact: true })).toBeVisible();
  const slider = page.getByRole('slider', { name: 'Grad des Datenschutzes' });
  const alert = page.getByTestId('protection-level-alert');
  const filter = page.getByRole('textbox', { name: 'Filter' });
  const save = page.getByRole('form', { name: 'Datenschutz' }).getByRole('button', { name: 'Speichern' });

  await expect(slider).toHaveAttribute('aria-valuetext', 'Niedrig');
  await expect(alert).toContainText('keine Einschränkungen');
  await expect(filter).toHaveCount(0);

  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Mittel');
  await expect(alert).toContainText('Spracheingabe ist deaktiviert');
  await expect(alert).toContainText('gesprochene Antworten');
  await expect(filter).toBeVisible();
  await expect(page.getByText('durch Platzhalter ersetzt', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'Datenschutz');
  // At Mittel the filter is optional, but its entries must follow the format.
  await filter.fill('ab, Muster GmbH');
  await expect(page.getByText(FILTER_ENTRIES)).toBeVisible();
  await expect(save).toBeDisabled();

  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Hoch');
  await expect(alert).toContainText('Pflicht');
  await filter.fill('Muster GmbH, Erika Mustermann');
  await expect(page.getByText(FILTER_100)).toBeVisible();
  await expect(page.getByTestId('filter-counter')).toHaveText('29 Zeichen · mindestens 100');
  await expect(save).toBeDisabled();

  await filter.fill(LONG_FILTER);
  await expect(page.getByText(FILTER_100)).toHaveCount(0);
  await expect(page.getByTestId('filter-counter')).toHaveText(`${LONG_FILTER.length} Zeichen · mindestens 100`);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(snackbar(page, 'Einstellungen gespeichert')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/Dataprotection`);

  // Stored for the team: after a reload the level and the filter are back.
  await page.reload();
  await expect(page.getByRole('slider', { name: 'Grad des Datenschutzes' })).toHaveAttribute('aria-valuetext', 'Hoch');
  await expect(page.getByRole('textbox', { name: 'Filter' })).toHaveValue(LONG_FILTER);
  const level = await page.evaluate(async () => {
    const response = await fetch('/api/user/data', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return ((await response.json()) as { protectionLevel: number }).protectionLevel;
  });
  expect(level).toBe(2);
  await page.context().close();
});

test('Support: die Nachricht geht an das Support-Postfach', async ({ browser }) => {
  const page = await signedIn(browser, EMPLOYEE);
  await page.goto('/');
  await nav(page).getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/Support`);
  await expect(page.getByRole('heading', { name: 'Service und Support' })).toBeVisible();

  const subject = page.getByLabel('Betreff');
  const message = page.getByRole('textbox', { name: 'Nachricht' });
  await subject.fill('Hi');
  await message.fill('Zu kurz.');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('Der Betreff muss mindestens 3 Zeichen lang sein')).toBeVisible();
  await expect(page.getByText('Die Nachricht muss mindestens 30 Zeichen lang sein')).toBeVisible();
  await expectNoAxeViolations(page, 'Support mit Fehlern');

  const text = `Der Mika Allrounder antwortet nicht auf meine Frage zum Angebot ${run}.`;
  await subject.fill(`Frage zum Angebot ${run}`);
  await message.fill(text);
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(snackbar(page, 'Nachricht wurde an den Support versendet')).toBeVisible();
  await expect(subject).toHaveValue('');
  await expect(message).toHaveValue('');

  await expect.poll(() => latestMailText(SUPPORT_ADDRESS) ?? '').toContain(text);
  await page.context().close();
});

test('Einladung: eine Administratorin vergibt ihr Passwort über den Link und meldet sich an', async ({ browser }) => {
  const owner = await signedIn(browser, OWNER);
  await owner.goto('/User?view=create');
  await owner.getByLabel('Name', { exact: true }).fill(INVITEE.name);
  await owner.getByLabel('E-Mail', { exact: true }).fill(INVITEE.email);
  await owner.getByRole('switch', { name: 'Administrator' }).check();
  await owner.getByRole('radio', { name: 'Einladung per E-Mail senden' }).check();
  await expect(owner.getByLabel('Passwort', { exact: true })).toHaveCount(0);
  await owner.getByRole('button', { name: 'Anlegen' }).click();
  await expect(snackbar(owner, 'Der User wurde angelegt')).toBeVisible();
  // An administrator holds every right: the switches are on and locked.
  await expect(owner.getByText('Administratoren haben automatisch alle Rechte an allen Mikas.')).toBeVisible();
  await expectNoAxeViolations(owner, 'User bearbeiten: Administratorin');
  const firstUse = owner.getByRole('switch', { name: 'Nutzung erlaubt' }).first();
  await expect(firstUse).toBeChecked();
  await expect(firstUse).toBeDisabled();

  await owner.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  await expect(owner.getByRole('link', { name: `${INVITEE.name} bearbeiten` })).toContainText('Einladung offen');
  await expect(owner.getByRole('link', { name: `${INVITEE.name} bearbeiten` })).toContainText('Administrator');
  // Three of three users: no further seat.
  await expect(owner.getByRole('link', { name: 'User anlegen' })).toHaveAttribute('aria-disabled', 'true');
  await expect(owner.getByText(LIMIT_TEXT)).toBeVisible();

  let link = '';
  await expect
    .poll(() => {
      link = /\/reset-password\/[A-Za-z0-9_-]+/.exec(latestMailText(INVITEE.email) ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  // The mail got lost: the owner sends the invitation again; the first link stops working.
  const firstLink = link;
  await owner.getByRole('link', { name: `${INVITEE.name} bearbeiten` }).click();
  await owner.getByRole('tab', { name: 'Profil' }).click();
  await expectNoAxeViolations(owner, 'User bearbeiten: Einladung offen');
  await owner.getByRole('button', { name: 'Einladung erneut senden' }).click();
  await expect(snackbar(owner, 'Die Einladung wurde erneut gesendet. Der frühere Link gilt nicht mehr.')).toBeVisible();
  await expect
    .poll(() => {
      link = /\/reset-password\/[A-Za-z0-9_-]+/.exec(latestMailText(INVITEE.email) ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe(firstLink);

  const context = await browser.newContext();
  const page = await context.newPage();
  allowRefusal(404, /\/api\/reset-password\/[\w-]+/);
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: 'Link ungültig' })).toBeVisible();
  await page.goto(link);
  // The invitation welcomes the person to the team and names the team's password rules up front.
  await expect(page.getByRole('heading', { name: `Willkommen im Team ${TEAM_NAME}` })).toBeVisible();
  await expect(page.getByText(`Hallo ${INVITEE.name}, wähle Dein Passwort für Mika: mindestens 8 Zeichen`)).toBeVisible();
  await expectNoAxeViolations(page, 'Einladung annehmen');
  await page.getByLabel('Passwort', { exact: true }).fill(INVITEE.password);
  await page.getByLabel('Passwort bestätigen').fill(INVITEE.password);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Passwort gespeichert')).toBeVisible();

  await loginThroughUi(page, INVITEE);
  await expect(page.getByTestId('nav-profile')).toContainText(INVITEE.name);
  await expect(nav(page).getByRole('link', { name: 'Datenschutz', exact: true })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Benutzer', exact: true }).click();
  await expect(page.getByRole('link', { name: `${INVITEE.name} bearbeiten` })).not.toContainText('Einladung offen');

  // An administrator who is not the owner cannot change administrator rights.
  await page.getByRole('link', { name: /Max M\. Mitarbeiter bearbeiten/ }).click();
  await page.getByRole('tab', { name: 'Profil' }).click();
  await expect(page.getByRole('switch', { name: 'Administrator' })).toBeDisabled();
  await expect(page.getByText('Nur der Inhaber des Teams kann Administratorrechte vergeben.')).toBeVisible();

  // The own profile of an administrator has no rights tab.
  await page.getByTestId('nav-profile').click();
  await expect(page.getByRole('heading', { name: 'Mein Profil' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rechte' })).toHaveCount(0);
  await context.close();
  await owner.context().close();
});

test('Inhaberin löscht den Mitarbeiter; sich selbst kann sie nicht löschen', async ({ browser }) => {
  const page = await signedIn(browser, OWNER);
  await page.goto('/User');
  await page.getByRole('link', { name: `${OWNER.name} bearbeiten` }).click();
  await expect(page.getByRole('heading', { name: 'Mein Profil' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User löschen' })).toBeDisabled();
  // The owner's own record has no administrator switch.
  await expect(page.getByRole('switch', { name: 'Administrator' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  await page.getByRole('link', { name: /Max M\. Mitarbeiter bearbeiten/ }).click();
  // "Alle Mikas nutzen" grants every Mika in one step, and it is stored.
  await page.getByRole('tab', { name: 'Rechte' }).click();
  const useAll = page.getByRole('switch', { name: 'Alle Mikas nutzen' });
  await expect(useAll).not.toBeChecked();
  await useAll.click();
  await expect(useAll).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Nutzung erlaubt', checked: false })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Alle Mikas nutzen' })).toBeChecked();
  expect(await page.getByRole('switch', { name: 'Nutzung erlaubt', checked: true }).count()).toBeGreaterThan(1);
  await expect(page.getByRole('switch', { name: 'Nutzung erlaubt', checked: false })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Profil' }).click();
  await page.getByRole('button', { name: 'User löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'User löschen?' });
  await expect(dialog).toContainText('Max M. Mitarbeiter');
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(snackbar(page, 'Der User wurde gelöscht')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User im Team' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Max M\. Mitarbeiter bearbeiten/ })).toHaveCount(0);
  // A seat is free again.
  await expect(page.getByRole('link', { name: 'User anlegen' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.context().close();
});

test('Einladung nicht angekommen: die Inhaberin vergibt selbst ein Passwort, der User meldet sich gleich damit an', async ({ browser }) => {
  // A team of its own: the serial journeys above use every seat of theirs.
  const owner = await browser.newContext();
  const who = { name: 'Olaf Ohnepost', email: `ohnepost-${run}@beispiel.de`, password: 'Ohnepost#2026' };
  await registerOwner(owner, who);
  const invited = { email: `jonas-${run}@beispiel.de`, password: 'Jonas#2026x' };
  const { uuid } = await callApi(owner, 'post', '/api/user', { name: 'Jonas Berger', email: invited.email, is_admin: false, invitation: true });
  const page = await owner.newPage();
  await page.goto(`/User?view=edit&user=${uuid}`);
  await expect(page.getByText('Einladung offen')).toBeVisible();
  await expect(page.getByText('Die Einladung ist noch offen. Vergibst Du hier ein Passwort, kann sich der User gleich damit anmelden', { exact: false })).toBeVisible();
  await page.getByLabel('Neues Passwort').fill(invited.password);
  await page.getByLabel('Passwort bestätigen').fill(invited.password);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Eingaben gespeichert')).toBeVisible();
  // No longer an open invitation: no chip, no «Einladung erneut senden».
  await expect(page.getByText('Einladung offen')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Einladung erneut senden' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'User bearbeiten: Passwort statt Einladung');

  // Before, the login refused him as unverified.
  const member = await signedIn(browser, invited);
  await member.goto('/');
  await expect(member.getByTestId('nav-profile')).toContainText('Jonas Berger');
  await member.context().close();
  await owner.close();
});
