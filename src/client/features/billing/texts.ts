import { MCOM } from '../../../shared/messages.ts';

// German texts of the billing page (provider "Rechnung": the billing address is the payment method).
export const TB = {
  title: 'Rechnungsadresse und Rechnungen',
  subtitle: 'Wir stellen Dir Tarif, Extras und Credits auf Rechnung. Deine Rechnungsadresse ist Deine Zahlungsmethode.',
  addressTitle: 'Rechnungsadresse',
  addressText: 'Diese Angaben erscheinen auf Deinen Rechnungen. Die Rechnungen senden wir an die Rechnungs-E-Mail.',
  nextCheckout: 'Bitte hinterlege zuerst Deine Rechnungsadresse. Danach geht es direkt weiter zum Kauf Deiner Credits.',
  stripeInfo: 'Deine Zahlungen laufen über Stripe. Zahlungsmethode und Rechnungen verwaltest Du im Kundenportal.',
  company: 'Firma',
  street: 'Straße und Hausnummer',
  postcode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  vatId: 'USt-IdNr. (optional)',
  vatIdHint: 'Zum Beispiel DE123456789',
  invoiceEmail: 'Rechnungs-E-Mail',
  save: 'Speichern',
  saveAndContinue: 'Speichern und weiter zum Kauf',
  saved: MCOM.billingAddressSaved,
  invoicesTitle: 'Rechnungen',
  invoicesEmpty: 'Noch keine Rechnungen.',
  open: 'Öffnen',
  openLabel: (number: string) => `Rechnung ${number} öffnen`,
  loading: 'Wird geladen …',
  loadFailed: 'Die Daten konnten nicht geladen werden.',
} as const;
