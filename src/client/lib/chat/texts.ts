import type { ConnectionState } from '../live-channel.ts';

// German texts only the chat shows. Texts the server shows too are CONVERSATION_MESSAGES in src/shared/messages.ts.
export const CHAT_TEXTS = {
  sources: 'Quellen',
  backToLibrary: 'Zur Übersicht',
  inputLabel: 'Nachricht',
  inputPlaceholder: (name: string) => `Nachricht an ${name} …`,
  /** On a phone (or in a narrow embed) the Mika's name would wrap the field to two lines. */
  inputPlaceholderShort: 'Deine Nachricht …',
  inputHint: 'Enter sendet, Shift + Enter für eine neue Zeile',
  send: 'Senden',
  you: 'Du',
  offlineTooltip:
    'Auf diesem Server ist kein KI-Modell eingerichtet. Die Antworten stammen aus den eigenen Texten und dem Wissen des Mikas.',
  resetButton: 'Unterhaltung neu starten',
  resetTitle: 'Unterhaltung neu starten?',
  resetText: (name: string) =>
    `Der bisherige Verlauf wird hier ausgeblendet und eine neue Unterhaltung beginnt. ${name} erinnert sich danach nicht mehr an die bisherigen Nachrichten.`,
  resetConfirm: 'Neu starten',
  deleteButton: 'Unterhaltung löschen',
  deleteTitle: 'Unterhaltung löschen?',
  deleteText:
    'Die Unterhaltung wird mit allen Nachrichten, Sprachantworten und einem gesendeten Kontaktformular auf dem Server gelöscht – nicht nur in diesem Browser. Das lässt sich nicht rückgängig machen.',
  deleteConfirm: 'Löschen',
  cancel: 'Abbrechen',
  partial: 'Antwort unterbrochen',
  staffAuthor: (name: string) => `${name} vom Team`,
  streamingNote: 'Wird noch geschrieben …',
  continueAnswer: 'Fortsetzen',
  continuePrompt: 'Bitte setze Deine letzte Antwort genau dort fort, wo sie abgebrochen ist.',
  transcribing: 'Sprachnachricht wird erkannt …',
  streamInterrupted: 'Die Verbindung wurde unterbrochen. Die Antwort erscheint, sobald sie vorliegt.',
  loadingConversation: 'Unterhaltung wird geladen …',
  threadFailed: 'Die Unterhaltung konnte nicht gestartet werden.',
  retry: 'Erneut versuchen',
  assistantUnavailableTitle: 'Dieser Mika ist nicht verfügbar',
  assistantUnavailableText:
    'Er wurde gelöscht oder Du hast keine Berechtigung, ihn zu nutzen. Wähle einen anderen Mika aus der Übersicht.',
  assistantLoading: 'Mika wird geladen …',
  audioLabel: 'Sprachnachricht',
  documentLabel: 'Dokument',
  documentOpen: 'Öffnen',
  documentDownload: 'Herunterladen',
  documentChecking: 'Wird geprüft …',
  contactForm: 'Kontaktformular',
  /** The product's one counter style (CountedHelper): never "n / max", which reads like an overrun. */
  messageCount: (length: number, max: number) => `${length} Zeichen · höchstens ${max}`,
  liveLabel: 'Live-Verbindung',
  liveStates: {
    initialized: 'wird vorbereitet',
    connecting: 'wird aufgebaut',
    connected: 'verbunden',
    unavailable: 'nicht erreichbar, neuer Versuch läuft',
    failed: 'fehlgeschlagen',
    disconnected: 'getrennt',
  } satisfies Record<ConnectionState, string>,
  liveHint: 'Fortschrittsanzeigen kommen live; Antworten erreichen Dich auch ohne diese Verbindung.',
} as const;
