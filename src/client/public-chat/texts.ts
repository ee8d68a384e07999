// German texts of the public chat page (docs/product/public-chat-and-embed.md).
export const PUBLIC_CHAT_TEXTS = {
  loading: 'Chat wird geladen …',
  unavailableTitle: 'Dieser Chat ist nicht verfügbar.',
  unavailableText: 'Der Link ist nicht mehr gültig oder der Chat wurde noch nicht veröffentlicht.',
  loadFailedTitle: 'Der Chat konnte nicht geladen werden.',
  loadFailedText: 'Bitte prüfe Deine Internetverbindung und versuche es erneut.',
  retry: 'Erneut versuchen',
  close: 'Chat schließen',
  logoAlt: (name: string) => `Logo von ${name}`,
  termsTitle: 'Willkommen im Chat',
  termsText: 'Bevor es losgeht: Mit der Nutzung dieses Chats stimmst Du den',
  termsLink: 'Nutzungsbedingungen',
  termsTextEnd: 'zu. Die Antworten werden von einer KI erzeugt und können Fehler enthalten.',
  termsAccept: 'Ich bin einverstanden',
  footerDisclaimer: 'Antworten werden von KI erzeugt und können Fehler enthalten.',
  footerTerms: 'Nutzungsbedingungen',
  footerBrand: 'Mit Mika erstellt',
} as const;
