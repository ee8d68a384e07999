// German texts of the inline contact form (docs/product/public-chat-and-embed.md).
export const CONTACT_FORM_TEXTS = {
  title: 'Kontaktformular',
  intro: 'Hinterlasse Deine Kontaktdaten – wir melden uns bei Dir.',
  submit: 'Absenden',
  submitting: 'Wird gesendet …',
  loading: 'Formular wird geladen …',
  loadFailed: 'Das Formular konnte nicht geladen werden.',
  retry: 'Erneut versuchen',
  sentTitle: 'Angaben gesendet',
  sentText: 'Vielen Dank! Wir melden uns so bald wie möglich bei Dir.',
  required: 'Pflichtfeld',
} as const;
