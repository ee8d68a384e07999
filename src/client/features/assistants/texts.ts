import type { AssistantType } from '../../../shared/schemas/assistants.ts';

// German texts only the assistant screens show. Texts the server shows too live in shared/messages.ts (ASSISTANT_MESSAGES).
export const ASSISTANT_TEXTS = {
  // Library
  libraryTitle: 'Deine Mikas',
  librarySubtitle: 'Sprich mit Deinen Mikas, lass sie Aufgaben erledigen oder Bilder malen.',
  libraryLoadError: 'Die Mikas konnten nicht geladen werden.',
  emptyTitle: 'Noch keine Mikas',
  emptyTextAdmin:
    'Lege Deinen ersten Mika an: Er lernt Deine Aufgabe und steht dann Deinem ganzen Team zur Verfügung.',
  emptyTextEmployee:
    'Für Dich sind noch keine Mikas freigegeben. Bitte wende Dich an einen Administrator Deines Teams.',
  defaultChip: 'Standard',
  defaultChipHint: 'Ein Standard-Mika, den jedes Team nutzen kann',
  newCardTitle: 'Neuer Mika',
  newCardText: 'Erstelle einen Assistenten für Chat, Aufgaben oder Bilder.',
  typeLabels: { chat: 'Chat', task: 'Aufgabe', image: 'Bild' } satisfies Record<AssistantType, string>,

  // Actions (docs/product/library-and-wizard.md: tooltips)
  actionChat: (name: string) => `Mit ${name} sprechen`,
  actionTask: 'Aufgabe erledigen lassen',
  actionImage: 'Bilder malen lassen',
  actionEdit: (name: string) => `${name} bearbeiten`,
  actionDelete: (name: string) => `${name} löschen`,
  actionMore: (name: string) => `Weitere Aktionen für ${name}`,
  actionHide: 'Ausblenden',
  actionHideHint: 'Für Dein ganzes Team',
  actionShow: 'Einblenden',
  actionShowLabel: (name: string) => `${name} wieder einblenden`,

  // Hidden default Mikas (admins)
  hiddenToggleShow: (count: number) => `Ausgeblendete Mikas anzeigen (${count})`,
  hiddenToggleHide: 'Ausgeblendete Mikas verbergen',
  hiddenTitle: 'Ausgeblendete Mikas',
  hiddenText:
    'Diese Standard-Mikas hast Du für Dein Team ausgeblendet: Niemand im Team sieht oder nutzt sie, bis Du sie wieder einblendest.',
  comingSoon: 'Diese Funktion folgt in Kürze.',
  addAssistant: 'Mika hinzufügen',
  navAssistants: 'Mikas',

  // Create wizard
  wizardTitle: 'Neuen Mika erstellen',
  wizardSubtitle: 'In vier Schritten zu Deinem eigenen Assistenten.',
  steps: ['Funktion', 'Name', 'Aufgabe', 'Erstellung'] as const,
  stepSkippedForImage: 'Entfällt bei Bild-Mikas',
  stepFunctionTitle: 'Was soll Dein Mika können?',
  stepFunctionText: 'Wähle die Funktion. Du kannst sie später in den Einstellungen ändern.',
  typeCards: {
    chat: {
      title: 'Chat',
      text: 'Beantwortet Fragen im Gespräch – per Text oder Sprache – und kann öffentlich eingebunden werden.',
    },
    task: {
      title: 'Aufgabe',
      text: 'Erstellt aus Deiner Eingabe ein Ergebnis: einen Text oder ein Dokument.',
    },
    image: { title: 'Bild', text: 'Malt Bilder nach Deiner Beschreibung im gewählten Stil.' },
  } satisfies Record<AssistantType, { title: string; text: string }>,
  stepNameTitle: 'Wie heißt Dein Mika?',
  stepNameText: 'Der Name erscheint in der Bibliothek und im Chat. Die Rolle beschreibt, wer Dein Mika ist.',
  labelName: 'Name',
  labelRole: 'Rolle',
  roleHelper: 'Zum Beispiel: „Du bist ein erfahrener Kundenberater unseres Online-Shops für Fahrräder.“',
  stepTaskTitle: 'Was ist seine Aufgabe?',
  stepTaskText: 'Beschreibe genau, was Dein Mika tun soll, worauf er achtet und was er vermeidet.',
  labelTask: 'Aufgabe',
  taskHelper: 'Je genauer Du die Aufgabe beschreibst, desto besser arbeitet Dein Mika.',
  labelStyle: 'Kommunikationsstil',
  labelCanTalk: 'Sprachausgabe',
  stepSummaryTitle: 'Bereit zum Training',
  stepSummaryText: (name: string) =>
    `Prüfe Deine Angaben. Starte dann das Training – danach kannst Du ${name} in den Einstellungen weiter verfeinern.`,
  stepSummaryHint:
    'Beim Training lernt Dein Mika seine Rolle, seine Aufgabe und seinen Stil. Das dauert nur einen Moment – klicke dazu auf „Training starten“.',
  summaryType: 'Funktion',
  summaryName: 'Name',
  summaryRole: 'Rolle',
  summaryTask: 'Aufgabe',
  summaryStyle: 'Stil',
  summaryCanTalk: 'Sprachausgabe',
  back: 'Zurück',
  next: 'Weiter',
  cancel: 'Abbrechen',
  startTraining: 'Training starten',
  training: (name: string) => `${name} wird trainiert …`,
  trainingDone: 'Training abgeschlossen – die Einstellungen öffnen sich gleich.',
  counter: (length: number, min: number) => `${length} / ${min}`,

  // Edit screen
  backToList: 'Zurück zur Übersicht',
  editLoadError: 'Der Mika konnte nicht geladen werden.',
  typeSelector: 'Funktion',
  typeUnpublishTitle: 'Veröffentlichung beenden?',
  typeUnpublishText: (name: string, type: 'task' | 'image') => {
    const kind = { task: 'Aufgaben-Mika', image: 'Bild-Mika' }[type];
    return `${name} ist als öffentlicher Chat veröffentlicht. Als ${kind} ist er dort nicht mehr erreichbar: Besucher Deiner Website sehen dann „Dieser Chat ist nicht verfügbar.“`;
  },
  typeUnpublishDetail: 'Wechselst Du später zurück zu Chat, veröffentlichst Du ihn im Reiter „Veröffentlichung“ wieder.',
  typeUnpublishConfirm: 'Funktion wechseln',
  tabsLabel: (name: string) => `Einstellungen von ${name}`,
  tabProperties: 'Eigenschaften',
  tabPublishing: 'Veröffentlichung',
  sectionBasics: 'Grunddaten',
  sectionBehaviour: 'Verhalten',
  sectionContact: 'Verantwortung',
  unsavedChanges: 'Du hast ungespeicherte Änderungen.',
  labelSpecial: 'Besondere Eigenschaften',
  specialHelper: 'Was macht Deinen Mika besonders? Zum Beispiel Fachwissen, Grenzen oder Formulierungen.',
  labelIntro: 'Begrüßung',
  introHelper: 'Die erste Nachricht, mit der Dein Mika ein Gespräch beginnt.',
  labelThinking: 'Denk-Ausdrücke',
  thinkingHelper:
    'Kurze Sätze, die Dein Mika zeigt, während er nachdenkt – getrennt durch Kommas, z. B. „Ich denke nach …, Einen Moment bitte …“.',
  labelOwnerEmail: 'E-Mail des Verantwortlichen',
  ownerEmailHelper: 'Diese Person ist für den Mika verantwortlich und erhält z. B. Kontaktanfragen.',
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  saved: 'Gespeichert',
  delete: 'Löschen',
  deleteConfirmTitle: 'Mika löschen',
  deleteConfirm: 'Willst Du diesen Mika wirklich löschen?',
  deleteConfirmHint: 'Sein Wissen und seine Einstellungen werden dabei entfernt.',

  // Logo
  logoTitle: 'Logo',
  logoText: 'Erscheint im öffentlichen Chat. JPG oder PNG, höchstens 10 MB.',
  logoUpload: 'Logo hochladen',
  logoReplace: 'Logo ersetzen',
  logoUploading: 'Wird hochgeladen …',
  logoAlt: (name: string) => `Logo von ${name}`,
  logoEmpty: 'Kein Logo',

  // Data-protection filter
  filterTitle: 'Datenschutz-Filter',
  filterText:
    'Begriffe aus dieser Liste – etwa Namen, Kundennummern oder Projektnamen – werden ersetzt, bevor ein Text an die KI geht, und in der Antwort wiederhergestellt.',
  filterSwitch: 'Filter für diesen Mika aktiv',
  filterLevelHint: [
    'Datenschutz-Grad Deines Teams: Niedrig – der Filter ist frei wählbar und zunächst aus.',
    'Datenschutz-Grad Deines Teams: Mittel – der Filter ist frei wählbar und zunächst an.',
    'Datenschutz-Grad Deines Teams: Hoch – der Filter ist immer aktiv und braucht mindestens 100 Zeichen.',
  ] as const,
  filterLabel: 'Filterliste',
  filterHelper: 'Einträge mit Komma trennen, z. B. „Max Mustermann, Projekt Phoenix, KD-4711“.',
  filterLoadError: 'Der Datenschutz-Filter konnte nicht geladen werden.',

  // Publishing
  publicTitle: 'Öffentlicher Chat',
  publicText:
    'Veröffentlichte Mikas sind ohne Anmeldung über ihren Link erreichbar und lassen sich auf Deiner Website einbinden.',
  publicSwitch: 'Mika veröffentlichen',
  publicOffline:
    'Auf diesem Server ist noch kein KI-Modell angeschlossen: Der öffentliche Chat antwortet im Offline-Modus. Er zitiert Besuchern passende Stellen aus dem Wissen dieses Mikas mit Quelle und nimmt Kontaktwünsche auf, schreibt aber keine eigenen Antworten.',
  publicOn: 'Veröffentlicht',
  publicOff: 'Nicht veröffentlicht',
  colorsTitle: 'Farben',
  colorsText: 'Passe den öffentlichen Chat an Deine Marke an. Jede Änderung wird sofort gespeichert.',
  colorLabels: {
    primary_background_color: 'Primäre Hintergrundfarbe',
    secondary_background_color: 'Sekundäre Hintergrundfarbe',
    tertiary_background_color: 'Tertiäre Hintergrundfarbe',
    button_color: 'Button-Farbe',
  },
  linkTitle: 'Link',
  copyLink: 'Link kopieren',
  linkCopied: 'Link wurde kopiert',
  embedTitle: 'Auf Deiner Website einbinden',
  embedText: 'Füge diesen Code vor dem schließenden </body>-Tag Deiner Website ein.',
  copyEmbed: 'Code kopieren',
  embedCopied: 'Code wurde kopiert',
  previewTitle: 'Vorschau',
  previewUnpublished: 'Noch nicht veröffentlicht',
  previewFrame: 'Vorschau des öffentlichen Chats',
  previewHintPrivate: 'Solange der Mika nicht veröffentlicht ist, sehen Besucher diese Seite nicht.',
  openInTab: 'In neuem Tab öffnen',
} as const;
