import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiHeaders } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';
import { adminApi, publishedAssistant, unique } from './public-helpers.ts';
import { E2E_BASE_URL } from './server.ts';

/**
 * Issue 11: the whole way from registration to a public chat with the keyboard alone — Tab,
 * Shift+Tab, Enter, Space, Escape (and typing into fields) — with a visible focus at every step.
 */

/** The focused element shows a focus indicator of at least 2 px: its own ring, a field's border or a ring on its container. */
async function expectVisibleFocus(page: Page, step: string) {
  const focus = await page.evaluate(() => {
    let active: Element | null = document.activeElement;
    // Focus inside the chat's iframe: look at the element focused there.
    while (active instanceof HTMLIFrameElement && active.contentDocument) active = active.contentDocument.activeElement;
    if (!active || active === document.body) return { tag: 'body', visible: false };
    const wide = (value: string) => parseFloat(value) >= 2;
    let visible = false;
    let node: Element | null = active;
    for (let depth = 0; node && depth < 4 && !visible; depth++, node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && wide(style.outlineWidth)) visible = true;
      // A text field's 2 px border: MUI's fields (office) and the sign-in screens' own (auth.css).
      const focusedField = node.classList.contains('Mui-focused') || (node.classList.contains('mk-control') && node.matches(':focus-within'));
      const fieldset = focusedField ? node.querySelector(':scope > fieldset') : null;
      if (fieldset && wide(getComputedStyle(fieldset).borderTopWidth)) visible = true;
    }
    return { tag: `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}`, visible };
  });
  expect(focus.visible, `${step}: visible focus on ${focus.tag}`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the target has focus; the focus must be visible at every stop. */
async function tabTo(page: Page, target: Locator, step: string, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) {
      await expectVisibleFocus(page, step);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page, `${step} (Tab ${i + 1})`);
  }
  throw new Error(`${step}: ${max} × ${back ? 'Shift+Tab' : 'Tab'} did not reach the target`);
}

test('Nur mit der Tastatur: registrieren, einloggen, Mika öffnen, fragen, neu starten, öffentlicher Chat', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `tasten-${unique()}@firma.de`;

  // Register.
  await page.goto('/register');
  const name = page.getByLabel('Name', { exact: true });
  await tabTo(page, name, 'Registrierung: Name');
  await page.keyboard.type('Tara Tastatur');
  await tabTo(page, page.getByLabel('E-Mail'), 'Registrierung: E-Mail');
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Passwort', { exact: true }), 'Registrierung: Passwort');
  await page.keyboard.type('geheim123');
  // The show-password button is reachable and works with Space.
  const show = page.getByRole('button', { name: 'Passwort anzeigen' }).first();
  await tabTo(page, show, 'Registrierung: Passwort anzeigen');
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveAttribute('type', 'text');
  await tabTo(page, page.getByLabel('Passwort bestätigen'), 'Registrierung: Bestätigung');
  await page.keyboard.type('geheim123');
  const terms = page.getByRole('checkbox');
  await tabTo(page, terms, 'Registrierung: AGB');
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Registrieren' }), 'Registrierung: Absenden');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/feedback/);
  await tabTo(page, page.getByRole('link', { name: 'Los geht’s' }).or(page.getByRole('button', { name: 'Los geht’s' })), 'Feedback');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('trial-countdown')).toBeVisible();

  // The skip link is the first stop and leads to the content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
  await expectVisibleFocus(page, 'Sprunglink');

  // Log in again, by keyboard.
  await context.clearCookies();
  await page.goto('/login');
  await tabTo(page, page.getByLabel('E-Mail'), 'Login: E-Mail');
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Passwort', { exact: true }), 'Login: Passwort');
  await page.keyboard.type('geheim123');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('trial-countdown')).toBeVisible();

  // Open a Mika from the library and ask it something.
  const open = page.getByRole('main').getByRole('button', { name: /^Mit .+ sprechen$/ }).first();
  await tabTo(page, open, 'Bibliothek: Mika öffnen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=chat/);
  const input = page.getByRole('textbox', { name: 'Nachricht' });
  await tabTo(page, input, 'Chat: Eingabe');
  await page.keyboard.type('Was kannst Du für mich tun?');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="chat-message"][data-origin="ai"]').last()).toBeVisible({ timeout: 20_000 });
  await expect(input).toBeEditable({ timeout: 20_000 });
  // Focus stays in the input after sending: the next question can follow at once.
  await expect(input).toBeFocused();
  await expectVisibleFocus(page, 'Chat: nach dem Senden');

  // Reset: Escape closes the confirmation and returns focus; Enter confirms.
  const reset = page.getByRole('button', { name: 'Unterhaltung neu starten' });
  await tabTo(page, reset, 'Chat: Neu starten', { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Unterhaltung neu starten?' });
  await expect(dialog).toBeVisible();
  await expectVisibleFocus(page, 'Dialog: Neu starten');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(reset).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Neu starten' })).toBeFocused();
  // Focus is trapped in the dialog: Tab and Shift+Tab stay inside.
  for (const key of ['Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `${key} stays in the dialog`).toBe(true);
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Neu starten' }), 'Dialog: Bestätigen');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-message')).toHaveCount(0);
  await expect(page.getByTestId('chat-intro')).toBeVisible();
  await context.close();

  // The public chat: the terms overlay is a named dialog that holds the focus, starting on its
  // title — typing at once accepts nothing; accept with Tab to the button and Enter.
  const api = await adminApi(E2E_BASE_URL);
  const uuid = await publishedAssistant(api);
  const visitor = await browser.newContext();
  const chat = await visitor.newPage();
  await chat.goto(`/chat/${uuid}`);
  const overlay = chat.getByRole('dialog', { name: 'Willkommen im Chat' });
  const accept = overlay.getByRole('button', { name: 'Ich bin einverstanden' });
  await expect(overlay.getByRole('heading', { name: 'Willkommen im Chat' })).toBeFocused();
  await chat.keyboard.type('Wann habt Ihr geöffnet? ');
  await expect(overlay).toBeVisible();
  for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
    await chat.keyboard.press(key);
    expect(await overlay.evaluate((el) => el.contains(document.activeElement)), `${key} stays in the terms dialog`).toBe(true);
  }
  await tabTo(chat, accept, 'Zustimmung: Button');
  await expectVisibleFocus(chat, 'Zustimmung');
  await chat.keyboard.press('Enter');
  await expect(overlay).toHaveCount(0);
  const visitorInput = chat.getByRole('textbox', { name: 'Nachricht' });
  await tabTo(chat, visitorInput, 'Öffentlicher Chat: Eingabe');
  await chat.keyboard.type('Wann habt Ihr geöffnet?');
  await chat.keyboard.press('Enter');
  await expect(chat.getByTestId('chat-message').last()).toContainText('montags bis freitags', { timeout: 20_000 });
  await expect(visitorInput).toBeFocused();
  await visitor.close();
  await api.ctx.dispose();
});

test('Auf dem Telefon: die Navigation ist ein benannter Dialog, hält den Fokus, Escape schließt sie, ein Eintrag navigiert', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const registered = await context.request.post(`${E2E_BASE_URL}/api/register`, {
    data: { name: 'Nina Navigation', email: `navi-${unique()}@firma.de`, password: 'geheim123', password_confirmation: 'geheim123', terms: true },
    headers: await apiHeaders(context),
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const page = await context.newPage();
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Navigation öffnen' });
  const drawer = page.getByRole('dialog', { name: 'Hauptnavigation' });
  await expect(page.getByRole('heading', { name: 'Deine Mikas' })).toBeVisible();
  await expect(drawer).toBeHidden();

  // Opened by keyboard: the focus moves into the drawer and stays there.
  await tabTo(page, menu, 'Menü-Knopf');
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Support' })).toBeVisible();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const inside = await drawer.evaluate((el) => el.contains(document.activeElement) || document.activeElement === document.body);
    expect(inside, `Tab ${i + 1} stays in the drawer`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();

  // Open, checked by axe (the page behind is inert), then a link navigates and closes it.
  await menu.click();
  await expect(drawer).toBeVisible();
  await expectNoAxeViolations(page, 'Navigation (Telefon, offen)');
  if (!(await drawer.isVisible())) await menu.click();
  await drawer.getByRole('link', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/Support$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Service und Support' })).toBeVisible();
  await context.close();
});
