import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { allowRefusal, expect, test } from './fixtures.ts';
import { E2E_BASE_URL, SUPERADMIN } from './server.ts';
import { expectNoAxeViolations } from './axe.ts';
import { apiHeaders, callApi, signedIn } from './api.ts';

// Assistants (issue "Assistants: library, create wizard, edit screen and plan limits").
// Every journey registers its own trial team (3 Mikas, 3 users).

const LIMIT_REACHED =
  'Die maximale Anzahl an Mikas ist erreicht. Bitte passe Dein Abo an, um weitere Mikas anzulegen.';
const NOT_EDITABLE = 'Nur selbst erstellte Mikas können angepasst werden.';
const ROLE = 'Du bist ein freundlicher Kundenberater unseres Fahrradladens in Leipzig.';
const TASK =
  'Beantworte Fragen zu unseren Fahrrädern, E-Bikes und Werkstattterminen. Nenne Preise nur, wenn sie in Deinem Wissen stehen, ' +
  'und verweise bei Reparaturen auf die Werkstatt. Antworte kurz, freundlich und in einfacher Sprache. Wenn Du etwas nicht ' +
  'weißt, sage es ehrlich und biete an, dass sich ein Mitarbeiter meldet.';
// A 1×1 PNG: the server checks the content, not only the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let counter = 0;
function person(prefix: string) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: 'Lena Hoffmann', email: `${prefix}-${id}@beispiel.de`, password: 'Sicher#2026' };
}

/** Registers a new trial team; the context is signed in as its owner (administrator). */
async function registerAdmin(context: BrowserContext) {
  const admin = person('admin');
  const response = await context.request.post(`${E2E_BASE_URL}/api/register`, {
    data: { ...admin, password_confirmation: admin.password, terms: true },
    headers: await apiHeaders(context),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return admin;
}

async function createAssistantViaApi(context: BrowserContext, name: string): Promise<string> {
  const response = await context.request.post(`${E2E_BASE_URL}/api/assistant`, {
    data: {
      type: 'chat',
      is_public: 0,
      name,
      role: ROLE,
      task: TASK,
      style: 'sehr höflich und freundlich',
      can_talk: 0,
    },
    headers: await apiHeaders(context),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { uuid: string }).uuid;
}

/** An employee (no admin, no rights yet) of the context's team, with a password to sign in. */
async function createEmployeeViaApi(context: BrowserContext) {
  const employee = person('mitarbeiter');
  const created = await context.request.post(`${E2E_BASE_URL}/api/user`, {
    data: {
      name: 'Max Mitarbeiter',
      email: employee.email,
      is_admin: false,
      invitation: false,
      password: { password: employee.password, password_confirmation: employee.password },
    },
    headers: await apiHeaders(context),
  });
  expect(created.ok(), await created.text()).toBe(true);
  return employee;
}

function card(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('article', { name, exact: true });
}

function snackbar(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Hovers the wrapper of a (possibly disabled) action and returns its tooltip. */
async function tooltipOf(page: Page, button: Locator): Promise<Locator> {
  // Let an earlier tooltip close first, so exactly one is shown.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await button.locator('xpath=..').hover();
  return page.getByRole('tooltip');
}

async function openEdit(page: Page, name: string) {
  await page.goto('/');
  await card(page, name)
    .getByRole('button', { name: `${name} bearbeiten` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('Admin erstellt je einen Chat-, Aufgaben- und Bild-Mika mit dem Assistenten; danach ist das Limit erreicht', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await registerAdmin(context);
  await page.goto('/');
  await expect(card(page, 'Mika Allrounder')).toBeVisible();
  await expectNoAxeViolations(page, 'Bibliothek');

  // Chat: with every rule of the four steps.
  await page.getByRole('main').getByRole('button', { name: 'Neuer Mika' }).click();
  await expect(page.getByRole('heading', { name: 'Neuen Mika erstellen' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Eine Auswahl ist erforderlich')).toBeVisible();
  await expectNoAxeViolations(page, 'Assistent: Funktion mit Fehler');
  // The three cards side by side start at the same height: icon, title and text in line.
  const iconTops = await page.getByRole('radio').evaluateAll((cards) => cards.map((c) => Math.round(c.firstElementChild!.getBoundingClientRect().top)));
  expect(iconTops).toHaveLength(3);
  expect(new Set(iconTops).size).toBe(1);
  await page.getByRole('radio', { name: /^Chat/ }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ki');
  await page.getByRole('textbox', { name: 'Rolle', exact: true }).fill('Zu kurz');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Der Name muss mindestens 3 Buchstaben lang sein')).toBeVisible();
  await expect(page.getByText('Die Rolle muss mindestens 30 Buchstaben lang sein')).toBeVisible();
  await expectNoAxeViolations(page, 'Assistent: Name und Rolle mit Fehlern');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Radler Rudi');
  await page.getByRole('textbox', { name: 'Rolle', exact: true }).fill(ROLE);
  await page.getByRole('button', { name: 'Weiter' }).click();

  const task = page.getByRole('textbox', { name: 'Aufgabe', exact: true });
  await task.fill('Beantworte Fragen zu Fahrrädern.');
  await expect(page.getByText('32 Zeichen · mindestens 250')).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Die Aufgabe sollte mindestens 250 Buchstaben lang sein')).toBeVisible();
  await expect(page.getByText('Bitte wähle eine Option aus')).toBeVisible();
  await expectNoAxeViolations(page, 'Assistent: Aufgabe mit Fehlern');
  await task.fill(TASK);
  await page.getByRole('radio', { name: 'freundlich, nett und witzig' }).check();
  await page.getByRole('radio', { name: 'Kann sprechen' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(page.getByRole('heading', { name: 'Bereit zum Training' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'freundlich, nett und witzig' })).toBeVisible();
  await expectNoAxeViolations(page, 'Assistent: Zusammenfassung');
  // Back moves one step down and keeps the values.
  await page.getByRole('button', { name: 'Zurück', exact: true }).click();
  await expect(task).toHaveValue(TASK);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Training starten' }).click();
  const training = page.getByRole('dialog', { name: 'Radler Rudi wird trainiert …' });
  await expect(training).toBeVisible();
  await expect(training.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', { timeout: 8_000 });
  await expect(training).toBeHidden({ timeout: 8_000 });
  await expect(page).toHaveURL(/view=edit/);
  await expect(page.getByRole('heading', { level: 1, name: 'Radler Rudi' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Veröffentlichung' })).toBeVisible();
  await expectNoAxeViolations(page, 'Bearbeiten: Eigenschaften');
  await expect(page.getByTestId('nav-assistants').getByText('Radler Rudi')).toBeVisible();

  // Task: started from the side navigation's add button.
  await page.getByTestId('nav-assistants').getByRole('button', { name: 'Mika hinzufügen' }).click();
  await page.getByRole('radio', { name: /^Aufgabe/ }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Texter Tom');
  await page.getByRole('textbox', { name: 'Rolle', exact: true }).fill(ROLE);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('radio', { name: 'professionell und sachlich' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Aufgabe', exact: true }).fill(TASK);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Training starten' }).click();
  await expect(page.getByRole('dialog', { name: 'Texter Tom wird trainiert …' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Texter Tom' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('tab', { name: 'Eigenschaften' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Veröffentlichung' })).toHaveCount(0);

  // Image: no role and no task step.
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Neuer Mika' }).click();
  await page.getByRole('radio', { name: /^Bild/ }).click();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('textbox', { name: 'Rolle', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Maler Max');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Bereit zum Training' })).toBeVisible();
  await expect(page.getByText('Entfällt bei Bild-Mikas')).toBeVisible();
  await page.getByRole('button', { name: 'Zurück', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Maler Max');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Training starten' }).click();
  await expect(page.getByRole('dialog', { name: 'Maler Max wird trainiert …' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Maler Max' })).toBeVisible({ timeout: 10_000 });
  // Image Mikas have one tab, Stilrichtungen; this server paints no pictures and says so — to an
  // admin: whom to ask (the operator, through Support), as the offline answers do.
  await expect(page.getByRole('tab', { name: 'Stilrichtungen' })).toBeVisible();
  await expect(
    page.getByText(
      'Die Bildgenerierung ist auf diesem Server nicht eingerichtet: Sie braucht ein angeschlossenes Bildmodell. ' +
        'Das schließt der Betreiber dieses Mika-Servers an. Bitte ihn darum, z. B. über „Support“ in der Seitenleiste.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'Bearbeiten: Bild-Mika');

  // Three own Mikas on the trial plan: the create actions are disabled with the spec's message.
  await page.getByRole('button', { name: 'Zurück zur Übersicht' }).click();
  for (const name of ['Radler Rudi', 'Texter Tom', 'Maler Max']) await expect(card(page, name)).toBeVisible();
  const create = page.getByRole('main').getByRole('button', { name: 'Neuer Mika' });
  await expect(create).toBeDisabled();
  await expect(page.getByRole('main').getByText(LIMIT_REACHED)).toBeVisible();
  await expectNoAxeViolations(page, 'Bibliothek am Limit');
  await expect(
    page.getByTestId('nav-assistants').getByRole('button', { name: 'Mika hinzufügen' }),
  ).toBeDisabled();
  await expect(page.getByTestId('over-limit')).toHaveCount(0);
  // A link to the wizard leads back with the reason instead of failing at the end.
  await page.goto('/?view=create');
  await expect(snackbar(page, LIMIT_REACHED)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deine Mikas' })).toBeVisible();

  // The task view exists (issue 13): a full plan still lets the team use its task Mika.
  const taskAction = card(page, 'Texter Tom').getByRole('button', { name: 'Aufgabe erledigen lassen' });
  await expect(taskAction).toBeEnabled();
  // Without an image provider the image action explains why it is unavailable.
  const imageAction = card(page, 'Maler Max').getByRole('button', { name: 'Bilder malen lassen' });
  await expect(imageAction).toBeDisabled();
  await expect(await tooltipOf(page, imageAction)).toContainText('Die Bildgenerierung ist auf diesem Server nicht eingerichtet.');
  // Default Mikas cannot be adjusted in the trial.
  const defaultEdit = card(page, 'Mika Allrounder').getByRole('button', {
    name: 'Mika Allrounder bearbeiten',
  });
  await expect(defaultEdit).toBeDisabled();
  await expect(await tooltipOf(page, defaultEdit)).toHaveText(NOT_EDITABLE);
  // The chat action of an own chat Mika opens the chat view.
  await card(page, 'Radler Rudi').getByRole('button', { name: 'Mit Radler Rudi sprechen' }).click();
  await expect(page).toHaveURL(/view=chat/);
});

test('Admin bearbeitet Eigenschaften, Logo, Datenschutz-Filter und Funktion und löscht den Mika', async ({
  page,
  context,
}) => {
  await registerAdmin(context);
  await createAssistantViaApi(context, 'Berater Ben');
  await openEdit(page, 'Berater Ben');

  const form = page.getByRole('form', { name: 'Eigenschaften' });
  const field = (name: string) => form.getByRole('textbox', { name, exact: true });
  await field('Name').fill('Be');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form.getByText('Der Name muss mindestens 3 Buchstaben lang sein')).toBeVisible();
  // A rule without its own message says in plain words what to do (not «erwartet, dass string <=2000»).
  await field('Begrüßung').fill('Moin! '.repeat(400));
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form.getByText('Bitte kürze den Text auf höchstens 2.000 Zeichen.')).toBeVisible();

  await field('Name').fill('Berater Bernd');
  await field('Besondere Eigenschaften').fill('Kennt sich besonders gut mit Lastenrädern aus.');
  await field('Begrüßung').fill('Moin! Ich bin Bernd. Womit kann ich helfen?');
  await field('Denk-Ausdrücke').fill('Ich schaue nach …, Moment …');
  await field('E-Mail des Verantwortlichen').fill('werkstatt@beispiel.de');
  await form.getByRole('combobox', { name: 'Kommunikationsstil' }).click();
  await page.getByRole('option', { name: 'professionell, jung und modern' }).click();
  await form.getByRole('radio', { name: 'Kann sprechen' }).check();
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Eingaben gespeichert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Berater Bernd' })).toBeVisible();

  await page.reload();
  await expect(field('Name')).toHaveValue('Berater Bernd');
  await expect(field('Besondere Eigenschaften')).toHaveValue(
    'Kennt sich besonders gut mit Lastenrädern aus.',
  );
  await expect(field('Begrüßung')).toHaveValue('Moin! Ich bin Bernd. Womit kann ich helfen?');
  await expect(field('Denk-Ausdrücke')).toHaveValue('Ich schaue nach …, Moment …');
  await expect(field('E-Mail des Verantwortlichen')).toHaveValue('werkstatt@beispiel.de');
  await expect(form.getByRole('combobox', { name: 'Kommunikationsstil' })).toHaveText(
    'professionell, jung und modern',
  );
  await expect(form.getByRole('radio', { name: 'Kann sprechen' })).toBeChecked();
  await expect(page.getByTestId('nav-assistants').getByText('Berater Bernd')).toBeVisible();

  // Logo: checked in the browser first, then uploaded with a preview.
  const logoInput = page.getByLabel('Logo hochladen', { exact: true });
  await logoInput.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: PNG });
  await expect(snackbar(page, 'Bitte lade ein Bild im Format JPG oder PNG hoch')).toBeVisible();
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(snackbar(page, 'Datei hochgeladen')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo von Berater Bernd' })).toHaveAttribute(
    'src',
    /^\/storage\//,
  );

  // Data-protection filter: free and off at team level 0.
  const filter = page.getByTestId('filter-card');
  const filterSwitch = filter.getByRole('switch', { name: 'Filter für diesen Mika aktiv' });
  await expect(filterSwitch).not.toBeChecked();
  await filterSwitch.check();
  await filter.getByRole('textbox', { name: 'Filterliste' }).fill('Erika Mustermann, ab');
  // One save action for the whole tab (issue 11): the filter has no button of its own.
  await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(1);
  await expect(filter.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    filter.getByText('Bitte trenne die Einträge mit einem Komma.', { exact: false }),
  ).toBeVisible();
  await filter.getByRole('textbox', { name: 'Filterliste' }).fill('Erika Mustermann, Projekt Falke');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(snackbar(page, 'Eingaben gespeichert')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await page.reload();
  await expect(filter.getByRole('switch', { name: 'Filter für diesen Mika aktiv' })).toBeChecked();
  await expect(filter.getByRole('textbox', { name: 'Filterliste' })).toHaveValue(
    'Erika Mustermann, Projekt Falke',
  );

  // The type is saved at once; only chat Mikas are published.
  await page.getByRole('button', { name: 'Aufgabe', exact: true }).click();
  await expect(snackbar(page, 'Einstellung gespeichert')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Veröffentlichung' })).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Kommunikationsstil' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Aufgabe', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Delete after a confirmation.
  await page.getByRole('button', { name: 'Löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mika löschen' });
  await expect(dialog).toContainText('Willst Du diesen Mika wirklich löschen?');
  await expectNoAxeViolations(page, 'Dialog: Mika löschen');
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(snackbar(page, 'Der Assistent wurde gelöscht')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deine Mikas' })).toBeVisible();
  await expect(card(page, 'Berater Bernd')).toHaveCount(0);
  await expect(page.getByTestId('nav-assistants').getByText('Berater Bernd')).toHaveCount(0);
});

test('Veröffentlichung: Schalter und Farben speichern sofort und laden die Vorschau neu', async ({
  page,
  context,
}) => {
  await registerAdmin(context);
  const uuid = await createAssistantViaApi(context, 'Chatty Charlotte');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  await openEdit(page, 'Chatty Charlotte');
  await page.getByRole('tab', { name: 'Veröffentlichung' }).click();

  // This server has no AI model: publishing says beforehand how the visitors will be answered.
  await expect(page.getByTestId('publish-offline')).toContainText('Der öffentliche Chat antwortet im Offline-Modus');

  // Not published yet: a clear preview state instead of the public page's "not available" (and no error).
  const preview = page.getByTitle('Vorschau des öffentlichen Chats');
  await expect(page.getByTestId('preview-unpublished')).toContainText('Noch nicht veröffentlicht');
  await expect(preview).toHaveCount(0);
  await expectNoAxeViolations(page, 'Bearbeiten: Veröffentlichung, noch nicht veröffentlicht');

  // "Leer = jede Website" is said once, and every colour shows as a swatch with a visible frame —
  // also the default colour, which equals the card's own (WCAG 1.4.11: ≥ 3:1 against the card).
  await expect(page.getByText('Leer = jede Website', { exact: false })).toHaveCount(1);
  const swatches = page.getByTestId('color-swatch');
  await expect(swatches).toHaveCount(4);
  for (const swatch of await swatches.all()) {
    const frame = await swatch.evaluate((el) => {
      const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (value: string) => {
        const [r = 0, g = 0, b = 0] = rgb(value).map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const style = getComputedStyle(el);
      const card = getComputedStyle(el.closest('label')!).backgroundColor;
      const [a, b] = [luminance(style.borderTopColor), luminance(card)].sort((x, y) => y - x);
      return { width: parseFloat(style.borderTopWidth), contrast: (a! + 0.05) / (b! + 0.05) };
    });
    expect(frame.width).toBeGreaterThanOrEqual(2);
    expect(frame.contrast).toBeGreaterThanOrEqual(3);
  }

  const publish = page.getByRole('switch', { name: 'Mika veröffentlichen' });
  await expect(publish).not.toBeChecked();
  await publish.check();
  await expect(snackbar(page, 'Einstellung gespeichert')).toBeVisible();
  await expect(page.getByText('Veröffentlicht', { exact: true })).toBeVisible();
  await expect(preview).toHaveAttribute('src', `/chat/${uuid}`);
  await expectNoAxeViolations(page, 'Bearbeiten: Veröffentlichung');

  const frame = await preview.elementHandle();
  const primary = page.getByLabel('Primäre Hintergrundfarbe');
  await primary.fill('#1e6f5c');
  await expect(page.getByText('#1e6f5c')).toBeVisible();
  await expect.poll(() => frame.evaluate((el) => el.isConnected)).toBe(false);
  await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Link kopieren' }).click();
  await expect(snackbar(page, 'Link wurde kopiert')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${E2E_BASE_URL}/chat/${uuid}`);
  await expect(
    page.getByText(`<script src="${E2E_BASE_URL}/embed.js" data-mika="${uuid}" data-color="#32363C" async></script>`),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Veröffentlichung' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('switch', { name: 'Mika veröffentlichen' })).toBeChecked();
  await expect(page.getByLabel('Primäre Hintergrundfarbe')).toHaveValue('#1e6f5c');

  // A published chat Mika that would become a task Mika asks first: its website chat would go.
  await page.getByRole('button', { name: 'Bild', exact: true }).click();
  const asked = page.getByRole('dialog', { name: 'Veröffentlichung beenden?' });
  await expect(asked).toContainText('Chatty Charlotte ist als öffentlicher Chat veröffentlicht. Als Bild-Mika ist er dort nicht mehr erreichbar');
  await expectNoAxeViolations(page, 'Dialog: Veröffentlichung beenden');
  await asked.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(asked).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Chat', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('switch', { name: 'Mika veröffentlichen' })).toBeChecked();
  await page.getByRole('button', { name: 'Aufgabe', exact: true }).click();
  await asked.getByRole('button', { name: 'Funktion wechseln' }).click();
  await expect(snackbar(page, 'Einstellung gespeichert')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Veröffentlichung' })).toHaveCount(0);
  // Back to chat: no question (nothing is lost), and it is not published until switched on again.
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  await expect(asked).toHaveCount(0);
  await page.getByRole('tab', { name: 'Veröffentlichung' }).click();
  await expect(page.getByRole('switch', { name: 'Mika veröffentlichen' })).not.toBeChecked();
});

test('Die Hinweise der Seitenleiste und der Karten sind ganz zu lesen, nicht am Rand der Leiste abgeschnitten', async ({ page, context }) => {
  await registerAdmin(context);
  // A short window: the library scrolls.
  await page.setViewportSize({ width: 1280, height: 520 });
  await page.goto('/');
  const nav = page.getByTestId('nav-assistants');
  // Is the point just inside the bubble's right end the bubble itself (not the page beside a clipped bubble)?
  const whole = async (tip: Locator) => {
    await expect(tip).toBeVisible();
    return tip.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = (x: number) => el.contains(document.elementFromPoint(x, r.top + r.height / 2));
      return hit(r.right - 3) && hit(r.left + 3) && r.left >= 0 && r.right <= window.innerWidth;
    });
  };
  const chatTip = await tooltipOf(page, nav.getByRole('button', { name: 'Mit Mika Wegweiser sprechen' }));
  await expect(chatTip).toHaveText('Mit Mika Wegweiser sprechen');
  expect(await whole(chatTip)).toBe(true);
  // At the window's right edge the bubble stays inside the window.
  const more = card(page, 'Mika Wegweiser').getByRole('button', { name: /Weitere Aktionen/ });
  const moreTip = await tooltipOf(page, more);
  expect(await whole(moreTip)).toBe(true);
  // Scrolling takes the bubble away (its place would be stale).
  await page.mouse.wheel(0, 300);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('Bearbeiten: ein langer Name bricht im Titel um, statt abgeschnitten zu werden', async ({ page, context }) => {
  await registerAdmin(context);
  const name = 'Kundenberaterin Bernadette für Lastenräder und Werkstatttermine';
  await createAssistantViaApi(context, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await openEdit(page, name);
  const title = page.getByRole('heading', { level: 1, name });
  expect(
    await title.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis'),
  ).toBe(true);
  // The whole name on more than one line.
  expect((await title.boundingBox())!.height).toBeGreaterThan(40);
  await expectNoAxeViolations(page, 'Bearbeiten: langer Name');
});

test('Auf dem Telefon: ein langes Wort im Namen bricht an einer Silbengrenze, Tab- und Menünamen sind ganz zu lesen', async ({
  page,
  context,
}) => {
  // Issue 29's polish, checked where a person sees it at 390 px: "Angebotsschreibe|r" (the browser
  // broke before the last letter), "Veröf" (a cut tab label).
  await registerAdmin(context);
  const name = 'Mika Angebotsschreiber';
  const uuid = await createAssistantViaApi(context, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');

  // The side menu (the drawer on a phone): the name beside its two icons, every entry whole.
  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Hauptnavigation' });
  await expect(drawer).toBeVisible();
  const navName = drawer.getByTestId('nav-assistants').getByText(name);
  await expectSyllableBreaks(navName, 'Seitenmenü');
  for (const link of await drawer.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link').all()) {
    expect(await fitsWhole(link), `Menüeintrag ${await link.textContent()}`).toBe(true);
  }
  await screenshot(page, 'phone-side-menu');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The edit screen: its title, and every tab label whole (five tabs: two rows on a phone).
  await page.goto(`/?view=edit&assistant=${uuid}`);
  await expectSyllableBreaks(page.getByRole('heading', { level: 1, name }), 'Titel');
  await expectTabsWhole(page, 'Bearbeiten');
  await expect(page.getByRole('tab', { name: 'Veröffentlichung' })).toBeVisible();
  await screenshot(page, 'phone-edit-tabs');

  // The chat's header.
  await page.goto(`/?view=chat&assistant=${uuid}`);
  await expectSyllableBreaks(page.getByRole('heading', { name }), 'Chat');
  // The message field is one line: its placeholder leaves out the name, which would wrap it.
  const field = page.getByRole('textbox', { name: 'Nachricht' });
  await expect(field).toHaveAttribute('placeholder', 'Deine Nachricht …');
  const lineHeight = await field.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await field.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);

  // The other tab bars an admin sees: a user's edit screen (rights rows name the Mika) and Nutzung.
  const employee = await createEmployeeViaApi(context);
  const users = (await (await context.request.get(`${E2E_BASE_URL}/api/users`)).json()) as { users: { uuid: string; email: string }[] };
  const member = users.users.find((u) => u.email === employee.email)!;
  await page.goto(`/User?view=edit&user=${member.uuid}&tab=rights`);
  await expectTabsWhole(page, 'Benutzer bearbeiten');
  await expectSyllableBreaks(page.getByRole('group', { name }).getByText(name, { exact: true }), 'Rechte');
  await screenshot(page, 'phone-user-rights');
  await page.goto('/Usage');
  await expectTabsWhole(page, 'Nutzung');
});

/**
 * The text lines a browser drew an element's text on, soft hyphens left out: each character's box
 * by a Range, grouped by its line's top.
 */
async function drawnLines(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        if (text[i] === '\u00ad') continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue;
        const top = Math.round(box.top / 4) * 4;
        lines.set(top, (lines.get(top) ?? '') + text[i]);
      }
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, line]) => line.trim());
  });
}

/** A long name broken over lines leaves no line with a word's last letters only ("Angebotsschreibe|r"). */
async function expectSyllableBreaks(element: Locator, where: string) {
  await expect(element).toBeVisible();
  const lines = await drawnLines(element);
  for (const line of lines) expect(line.replace(/[^\p{L}]/gu, '').length, `${where}: ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(4);
}

/**
 * The element shows all of its text: no part of it (itself or a descendant that clips its content)
 * is narrower than what it holds. Text only for screen readers (a 1 px box) does not count.
 */
function fitsWhole(element: Locator): Promise<boolean> {
  return element.evaluate((el) =>
    [el, ...el.querySelectorAll('*')].every((c) => {
      if (c.getBoundingClientRect().width <= 1) return true;
      const style = getComputedStyle(c);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      return !clips || c.scrollWidth <= c.clientWidth + 1;
    }),
  );
}

/**
 * Every tab shows its whole label, and no tab is cut off by its bar or the window: on a phone the
 * tabs wrap into rows (a scrolling bar would pass here too, but it left the fourth label half under
 * its edge; the screenshots are the check for that).
 */
async function expectTabsWhole(page: Page, where: string) {
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    const label = `${where}: Tab ${await tab.textContent()}`;
    expect(await fitsWhole(tab), label).toBe(true);
    const hiddenBy = await tab.evaluate((el) => {
      const box = el.getBoundingClientRect();
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return null;
        const outer = up.getBoundingClientRect();
        if ((overflow === 'hidden' || overflow === 'clip') && (box.left < outer.left - 1 || box.right > outer.right + 1)) return up.className;
      }
      return box.left < -1 || box.right > window.innerWidth + 1 ? 'the window' : null;
    });
    expect(hiddenBy, `${label} is cut by ${hiddenBy}`).toBeNull();
  }
}

const SHOTS = process.env.ASSISTANT_SCREENSHOTS;
async function screenshot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
}

test('Mitarbeiter ohne Rechte sieht gesperrte Aktionen mit „Keine Berechtigung“', async ({
  browser,
  context,
}) => {
  await registerAdmin(context);
  const uuid = await createAssistantViaApi(context, 'Geheim Gerda');
  const employee = await createEmployeeViaApi(context);

  const page = await loginInFreshContext(browser, employee);
  await expect(card(page, 'Geheim Gerda')).toBeVisible();
  await expectNoAxeViolations(page, 'Bibliothek eines Mitarbeiters');
  const chat = card(page, 'Geheim Gerda').getByRole('button', { name: 'Mit Geheim Gerda sprechen' });
  await expect(chat).toBeDisabled();
  await expect(await tooltipOf(page, chat)).toHaveText('Keine Berechtigung');
  const edit = card(page, 'Geheim Gerda').getByRole('button', { name: 'Geheim Gerda bearbeiten' });
  await expect(edit).toBeDisabled();
  await expect(await tooltipOf(page, edit)).toHaveText('Keine Berechtigung');
  await expect(
    card(page, 'Mika Allrounder').getByRole('button', { name: 'Mit Mika Allrounder sprechen' }),
  ).toBeDisabled();

  // No create actions for employees.
  await expect(page.getByRole('button', { name: 'Neuer Mika' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mika hinzufügen' })).toHaveCount(0);
  // The side navigation applies the same rules: the edit icon is there, disabled, with the reason
  // (docs/product/users-and-rights.md, docs/product/library-and-wizard.md) — for an own Mika without the right and for a default Mika.
  const navRows = page.getByTestId('nav-assistants');
  await expect(navRows.getByRole('button', { name: 'Mit Geheim Gerda sprechen' })).toBeDisabled();
  const navEdit = navRows.getByRole('button', { name: 'Geheim Gerda bearbeiten' });
  await expect(navEdit).toBeDisabled();
  await expect(await tooltipOf(page, navEdit)).toHaveText('Keine Berechtigung');
  const navDefaultEdit = navRows.getByRole('button', { name: 'Mika Allrounder bearbeiten' });
  await expect(navDefaultEdit).toBeDisabled();
  await expect(await tooltipOf(page, navDefaultEdit)).toHaveText(NOT_EDITABLE);

  // A direct link to the edit view leads back to the library with the reason.
  allowRefusal(403, `/api/assistantdata/${uuid}`);
  await page.goto(`/?view=edit&assistant=${uuid}`);
  await expect(snackbar(page, 'Keine Berechtigung')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByRole('heading', { name: 'Deine Mikas' })).toBeVisible();
  await page.goto('/?view=create');
  await expect(snackbar(page, 'Keine Berechtigung')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Neuen Mika erstellen' })).toHaveCount(0);
  await page.context().close();
});

test('Admin blendet den Mika Wegweiser für das Team aus und wieder ein; Mitarbeiter sehen ihn so lange nicht', async ({
  browser,
  context,
  page,
}) => {
  await registerAdmin(context);
  await createAssistantViaApi(context, 'Eigener Erich');
  const employee = await createEmployeeViaApi(context);
  const navRows = (p: Page) => p.getByTestId('nav-assistants');

  await page.goto('/');
  const more = card(page, 'Mika Wegweiser').getByRole('button', { name: 'Weitere Aktionen für Mika Wegweiser' });
  await expect(more).toBeVisible();
  // Only default Mikas can be hidden: the team's own is deleted instead.
  await expect(card(page, 'Eigener Erich').getByRole('button', { name: /Weitere Aktionen/ })).toHaveCount(0);
  await expect(page.getByTestId('hidden-assistants')).toHaveCount(0);

  // The menu by keyboard: Enter opens it on its item, Escape closes it back onto the button.
  await more.focus();
  await page.keyboard.press('Enter');
  const hideItem = page.getByRole('menuitem', { name: /Ausblenden/ });
  await expect(hideItem).toBeFocused();
  await expectNoAxeViolations(page, 'Weitere Aktionen eines Standard-Mikas');
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();

  await more.click();
  await hideItem.click();
  await expect(snackbar(page, '„Mika Wegweiser“ ist für Dein Team ausgeblendet.')).toBeVisible();
  await expect(card(page, 'Mika Wegweiser')).toHaveCount(0);
  await expect(navRows(page).getByText('Mika Wegweiser')).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Ausgeblendete Mikas anzeigen (1)' });
  // The hidden card had the focus: it moves on to the hidden Mikas' link.
  await expect(toggle).toBeFocused();

  // The team's employee no longer sees it — neither in the library nor in the side menu.
  const employeePage = await loginInFreshContext(browser, employee);
  await expect(card(employeePage, 'Mika Allrounder')).toBeVisible();
  await expect(card(employeePage, 'Mika Wegweiser')).toHaveCount(0);
  await expect(navRows(employeePage).getByText('Mika Wegweiser')).toHaveCount(0);
  await expect(employeePage.getByTestId('hidden-assistants')).toHaveCount(0);
  await expect(employeePage.getByRole('button', { name: /Weitere Aktionen/ })).toHaveCount(0);

  await toggle.click();
  const hiddenList = page.getByTestId('hidden-assistants');
  await expect(hiddenList.getByRole('heading', { name: 'Ausgeblendete Mikas' })).toBeVisible();
  await expect(hiddenList.getByTestId('hidden-assistant')).toHaveText(/Mika Wegweiser/);
  await expectNoAxeViolations(page, 'Ausgeblendete Mikas');
  await hiddenList.getByRole('button', { name: 'Mika Wegweiser wieder einblenden' }).click();
  await expect(snackbar(page, '„Mika Wegweiser“ ist wieder für Dein Team sichtbar.')).toBeVisible();
  await expect(card(page, 'Mika Wegweiser')).toBeVisible();
  await expect(page.getByTestId('hidden-assistants')).toHaveCount(0);

  await employeePage.reload();
  await expect(card(employeePage, 'Mika Wegweiser')).toBeVisible();
  await expect(navRows(employeePage).getByText('Mika Wegweiser')).toBeVisible();
  await employeePage.context().close();
});

/** A fresh browser context signed in through the login screen, as a person would. */
async function loginInFreshContext(
  browser: Browser,
  who: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-Mail', { exact: true }).fill(who.email);
  await page.getByLabel('Passwort', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  return page;
}

test('Der Betreiber sieht das Wissen des Mika Wegweiser als mitgeliefertes Handbuch, ohne Aktionen', async ({ browser }) => {
  // The superadmin may edit default Mikas, but the guide's knowledge ships with the app (decision 030).
  const page = await signedIn(browser, SUPERADMIN);
  const { assistants } = (await callApi(page.context(), 'get', '/api/assistants/')) as { assistants: { name: string; uuid: string }[] };
  const guide = assistants.find((a) => a.name === 'Mika Wegweiser')!;
  await page.goto(`/?view=edit&assistant=${guide.uuid}`);
  await page.getByRole('tab', { name: 'Wissen' }).click();
  await expect(
    page.getByText('Das Wissen dieses Mikas ist das mitgelieferte Mika-Handbuch: Es kommt mit jeder Version von Mika und lässt sich hier nicht ändern.'),
  ).toBeVisible();
  await expect(page.getByTestId('knowledge-file').filter({ hasText: 'Mika-Handbuch' })).toHaveAttribute('data-status', 'ready');
  await expect(page.getByRole('button', { name: 'Datei hochladen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Mika-Handbuch/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Website hinzufügen' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'Wissen des Mika Wegweiser (Betreiber)');
  await page.context().close();
});
