import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callApi, registerOwner } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';
import { ask, unique } from './public-helpers.ts';
import { E2E_BASE_URL, latestMailText } from './server.ts';

// The Tools tab (issue 12): one card per tool with its switch, the e-mail tool's contacts with the
// spec's validation, and the external tools card; each state checked with axe at both widths.

async function adminWithAssistant(context: BrowserContext) {
  const password = 'Tools#2026';
  await registerOwner(context, { name: 'Tilo Tools', email: `tools-${unique()}@beispiel.de`, password });
  const { uuid } = await callApi(context, 'post', '/api/assistant', {
    type: 'chat',
    name: 'Mika Innendienst',
    role: 'Du bist die Assistenz unseres Innendiensts und hilfst bei Angeboten.',
    task: 'Du hilfst beim Schreiben von Angeboten und leitest Anfragen an die richtigen Kollegen weiter. '.repeat(4),
    style: 'professionell und sachlich',
    is_public: 0,
    can_talk: 0,
  });
  return uuid as string;
}

for (const width of [1440, 390]) {
  test(`Tools: Schalter, E-Mail-Kontakte mit Prüfung, externe Tools (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const uuid = await adminWithAssistant(page.context());
    await page.goto(`/?view=edit&assistant=${uuid}`);
    await page.getByRole('tab', { name: 'Tools' }).click();

    const formCard = page.getByRole('region', { name: 'Kontaktformular' });
    const mailCard = page.getByRole('region', { name: 'E-Mail' });
    await expect(formCard).toBeVisible();
    await expect(mailCard).toBeVisible();
    await expect(page.getByRole('region', { name: 'Externe Tools' })).toContainText('noch kein externes Tool eingerichtet');
    await expect(page.getByRole('region', { name: 'Externe Tools' }).getByRole('link', { name: 'Zu Service und Support' })).toBeVisible();
    await expectNoAxeViolations(page, `Tools-Tab ${width}`);

    // The switch saves at once.
    const mailSwitch = mailCard.getByRole('switch', { name: 'E-Mail aktiv' });
    await expect(mailSwitch).not.toBeChecked();
    await mailSwitch.check();
    await expect(page.getByText('Einstellung gespeichert')).toBeVisible();

    // A contact with a short name and a broken address: the spec's messages on the fields.
    await expect(mailCard.getByText('Noch keine Kontakte')).toBeVisible();
    await mailCard.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
    await mailCard.getByRole('textbox', { name: 'Name' }).fill('Anna');
    await mailCard.getByRole('textbox', { name: 'E-Mail' }).fill('anna@');
    await mailCard.getByRole('button', { name: 'Speichern' }).click();
    await expect(mailCard.getByText('Der Name muss mindestens 5 Zeichen lang sein')).toBeVisible();
    await expect(mailCard.getByText('E-Mail muss gültig sein')).toBeVisible();
    await expectNoAxeViolations(page, `E-Mail-Kontakte mit Fehlern ${width}`);

    await mailCard.getByRole('textbox', { name: 'Name' }).fill('Anna Berger (Vertrieb)');
    await mailCard.getByRole('textbox', { name: 'E-Mail' }).fill('anna.berger@beispiel.de');
    await mailCard.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Eingaben gespeichert')).toBeVisible();

    // The contact form's recipients: a label that fits the phone, the hint how to list several; an
    // invalid address is named in the field's error, and nothing is saved.
    const recipients = formCard.getByRole('textbox', { name: 'E-Mail-Adressen' });
    await expect(formCard.getByText('Mehrere Adressen durch Kommas trennen.')).toBeVisible();
    const labelBox = await formCard.locator('label', { hasText: 'E-Mail-Adressen' }).boundingBox();
    const fieldBox = await recipients.boundingBox();
    expect(labelBox!.x + labelBox!.width).toBeLessThanOrEqual(fieldBox!.x + fieldBox!.width);
    await recipients.fill('vertrieb@beispiel.de, vertrieb@');
    await formCard.getByRole('button', { name: 'Speichern' }).click();
    await expect(formCard.getByText('Diese E-Mail-Adressen sind ungültig: vertrieb@')).toBeVisible();
    await expect(page.getByText('Eingaben sind nicht valide')).toBeVisible();
    await expect(formCard.getByText('Mehrere Adressen durch Kommas trennen.')).toHaveCount(0);
    await expectNoAxeViolations(page, `Kontaktformular: Empfänger mit Fehler ${width}`);
    await recipients.fill('vertrieb@beispiel.de, info@beispiel.de');
    await formCard.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Angaben gespeichert')).toBeVisible();

    // After a reload everything is as saved; the contact form switch is still off.
    await page.reload();
    await page.getByRole('tab', { name: 'Tools' }).click();
    await expect(page.getByRole('region', { name: 'E-Mail' }).getByRole('switch', { name: 'E-Mail aktiv' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'E-Mail' }).getByRole('textbox', { name: 'Name' })).toHaveValue('Anna Berger (Vertrieb)');
    await expect(page.getByRole('region', { name: 'Kontaktformular' }).getByRole('switch', { name: 'Kontaktformular aktiv' })).not.toBeChecked();
    await expect(page.getByRole('region', { name: 'Kontaktformular' }).getByRole('textbox', { name: 'E-Mail-Adressen' })).toHaveValue('vertrieb@beispiel.de, info@beispiel.de');

    // Removing the contact and saving leaves an empty list.
    await page.getByRole('region', { name: 'E-Mail' }).getByRole('button', { name: /Kontakt Anna Berger \(Vertrieb\) entfernen/ }).click();
    await page.getByRole('region', { name: 'E-Mail' }).getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Eingaben gespeichert')).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-Mail' }).getByText('Noch keine Kontakte')).toBeVisible();
  });
}

test('E-Mail-Tool offline: „Schick das an Frau Berger“ sendet die letzte Antwort nur an den Kontakt', async ({ page }) => {
  const context = page.context();
  const uuid = await adminWithAssistant(context);
  await callApi(context, 'post', `/api/tool/email/${uuid}`, {
    properties: JSON.stringify([{ name: 'Anna Berger (Vertrieb)', email: `anna-${unique()}@beispiel.de` }]),
  });
  const contact = (await (await context.request.get(`${E2E_BASE_URL}/api/tool/email/${uuid}`)).json()).properties[0].email as string;
  await callApi(context, 'post', '/api/toggletool', { assistantUuid: uuid, toolUuid: '8b2d4c6e-1a3f-4d5b-9c7e-2f4a6b8c0d12', state: 1 });

  await page.goto(`/?view=chat&assistant=${uuid}`);
  await ask(page, 'Wer bist Du?');
  await expect(page.getByTestId('chat-message').last()).toContainText('Offline-Modus');
  await ask(page, 'Schick das bitte an Frau Berger aus dem Vertrieb.');
  await expect(page.getByTestId('chat-message').last()).toContainText('E-Mail an Anna Berger (Vertrieb) wurde versendet.');
  await expectNoAxeViolations(page, 'Chat nach E-Mail-Versand');
  await expect.poll(() => latestMailText(contact), { timeout: 15_000 }).toContain('Aus dem Chat mit Mika Innendienst');

  // Someone outside the list gets nothing, and the answer says who can be reached.
  await ask(page, 'Schick das an chef@konkurrenz.example');
  await expect(page.getByTestId('chat-message').last()).toContainText('Diese Person steht nicht in der Kontaktliste.');
});
