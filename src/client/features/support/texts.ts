// German texts of the support screen that only the client shows (server texts: USER_MESSAGES).
export const SUPPORT_TEXTS = {
  navLabel: 'Support',
  title: 'Service und Support',
  subtitle: 'Eine Frage, ein Problem oder eine Idee? Schreib uns – wir kümmern uns darum.',
  formHeading: 'Deine Nachricht',
  labelSubject: 'Betreff',
  labelMessage: 'Nachricht',
  messagePlaceholder: 'Beschreibe Dein Anliegen so genau wie möglich: Um welchen Mika geht es, was hast Du getan, was ist passiert?',
  messageCounter: (n: number, min: number) => (n >= min ? `${n} Zeichen` : `${n} / ${min} Zeichen`),
  send: 'Senden',
  replyTitle: 'Unsere Antwort',
  replyText: (email: string) => `Wir antworten Dir per E-Mail an ${email}.`,
  tipsTitle: 'Damit wir schnell helfen können',
  tips: [
    'Nenne den Namen des Mikas, um den es geht.',
    'Beschreibe die Schritte, die zum Problem geführt haben.',
    'Füge Fehlermeldungen im genauen Wortlaut ein.',
  ],
} as const;
