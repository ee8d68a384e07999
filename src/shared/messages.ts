// Every German text that both server and client show. Texts quoted by the spec are verbatim.
export const M = {
  nameRequired: 'Name ist erforderlich',
  nameMin: 'Name muss mindestens 3 Zeichen lang sein',
  emailRequired: 'E-Mail ist erforderlich',
  emailInvalid: 'E-Mail muss gültig sein',
  passwordRequired: 'Passwort ist erforderlich',
  passwordMin: 'Passwort muss mindestens 6 Zeichen lang sein',
  confirmationRequired: 'Passwortbestätigung ist erforderlich',
  confirmationMismatch: 'Die Passwörter stimmen nicht überein',
  termsRequired: 'Bitte akzeptiere die AGB und die Datenschutzerklärung.',
  registrationDomain: (email: string) => `Bitte wenden Sie sich an ${email} für eine Registrierung`,
  emailTaken: 'Diese E-Mail-Adresse ist bereits registriert.',
  resetNoEmail: 'Die Email-Adresse wurde nicht gefunden.',
  unknownError: 'Ein unbekannter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  unauthenticated: 'Unauthenticated.',
  invalidCredentials: 'Die E-Mail-Adresse oder das Passwort ist nicht korrekt.',
  notVerified: 'Bitte bestätige zuerst Deine E-Mail-Adresse über den Link in unserer Mail.',
  tooManyAttempts: (minutes: number) =>
    `Zu viele Versuche. Bitte versuche es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`,
  csrfMismatch: 'Die Sitzung ist abgelaufen. Bitte lade die Seite neu.',
  resetTokenInvalid: 'Der Link ist ungültig oder abgelaufen. Bitte fordere einen neuen Link an.',
  verifyTokenInvalid: 'Der Bestätigungslink ist ungültig oder abgelaufen.',
  notFound: 'Nicht gefunden.',
  forbidden: 'Keine Berechtigung',
  invalidInput: 'Eingaben sind nicht valide',
  payloadTooLarge: 'Die Datei darf nicht größer sein als 10MB',
  invalidCharacters: 'Die Eingabe enthält unzulässige Zeichen.',
  invalidUpload: 'Die Datei konnte nicht gelesen werden. Bitte versuche es noch einmal.',

  registerSuccessTitle: 'Willkommen bei Mika!',
  registerSuccessMessage: 'Dein Konto ist angelegt. Deine Testphase hat begonnen – viel Spaß mit Deinen Mikas.',
  registerVerifyTitle: 'Fast geschafft!',
  registerVerifyMessage:
    'Wir haben Dir eine E-Mail geschickt. Bitte bestätige Deine E-Mail-Adresse über den Link darin.',
  verifySuccessTitle: 'E-Mail bestätigt',
  verifySuccessMessage: 'Deine E-Mail-Adresse ist bestätigt. Du kannst Dich jetzt einloggen.',
  resetSentTitle: 'E-Mail versendet',
  resetSentMessage:
    'Wir haben Dir einen Link zum Zurücksetzen Deines Passworts geschickt. Er ist 60 Minuten gültig.',
  resetDoneTitle: 'Passwort gespeichert',
  resetDoneMessage: 'Dein neues Passwort ist gespeichert. Du kannst Dich jetzt damit einloggen.',
  toLogin: 'Zum Login',
  toOffice: 'Los geht’s',
} as const;

// Assistants (spec 02 §5, §8; spec 01 §8)
export const MA = {
  typeRequired: 'Eine Auswahl ist erforderlich',
  nameMin: 'Der Name muss mindestens 3 Buchstaben lang sein',
  roleMin: 'Die Rolle muss mindestens 30 Buchstaben lang sein',
  taskMin: 'Die Aufgabe sollte mindestens 250 Buchstaben lang sein',
  styleRequired: 'Bitte wähle eine Option aus',
  colorInvalid: 'Bitte gib eine Farbe im Format #RRGGBB an',
  saved: 'Eingaben gespeichert',
  deleted: 'Der Assistent wurde gelöscht',
  settingSaved: 'Einstellung gespeichert',
  fileRequired: 'Bitte wähle eine Datei aus',
  fileTooLarge: 'Die Datei darf nicht größer sein als 10MB',
  logoType: 'Bitte lade ein Bild im Format JPG oder PNG hoch',
  logoDimensions: 'Das Bild ist zu groß. Bitte lade ein Bild mit höchstens 4000 × 4000 Pixeln hoch.',
  fileUploaded: 'Datei hochgeladen',
  noPermission: 'Keine Berechtigung',
  noAssistant: 'Kein Assistent definiert',
  limitReached: 'Die maximale Anzahl an Mikas ist erreicht. Bitte passe Dein Abo an, um weitere Mikas anzulegen.',
  overLimit: (count: number, bought: number) =>
    `Ups, Du hast ${count} Mikas angelegt, aber nur ${bought} gekauft. Lösche Mikas oder mache ein Upgrade.`,
  overLimitTooltip: 'Es gibt mehr Mikas als gebucht. Mache ein Upgrade oder lösche Mikas.',
  defaultNotEditable: 'Nur selbst erstellte Mikas können angepasst werden.',
  notFound: 'Dieser Mika wurde nicht gefunden.',
} as const;

// Conversations (spec 01 §8 and our own texts where the spec shows none)
export const MC = {
  threadNotFound: 'Diese Unterhaltung wurde nicht gefunden.',
  messageRequired: 'Bitte gib eine Nachricht ein.',
  messageTooLong: 'Die Nachricht ist zu lang (höchstens 8000 Zeichen).',
  providerFailed: 'Der KI-Dienst hat nicht geantwortet. Bitte versuche es gleich noch einmal.',
  providerInterrupted: 'Die Antwort wurde unterbrochen. Bitte versuche es noch einmal.',
  busy: 'Mika antwortet noch auf Deine letzte Nachricht.',
  offlineLabel: 'Offline-Modus',
  progressPreparing: 'Mika bereitet die Antwort vor …',
  progressKnowledge: 'Mika durchsucht das Wissen …',
  progressWriting: 'Mika schreibt …',
  progressDone: 'Antwort fertig',
  noThread: 'Keine Thread Verbindung erkannt',
  audioLoadFailed: 'Die Audiodatei konnte nicht geladen werden.',
  documentLoadFailed: 'Das Dokument konnte nicht geladen werden',
  documentUnavailable: 'Das Dokument ist nicht verfügbar.',
  documentCheckFailed: 'Fehler bei der Überprüfung der Dokumentverfügbarkeit.',
  noAssistant: 'Kein Assistent definiert',
  notConfigured: (what: string) => `${what} ist auf diesem Server nicht eingerichtet.`,
} as const;

// Users, data protection, support (spec 02 §5/§8, spec 03 §5/§8)
export const MU = {
  passwordRules:
    'Das Passwort muss mindestens 8 Zeichen lang sein und Groß- und Kleinbuchstaben, eine Zahl und ein Sonderzeichen (#?!@$%^&*-) enthalten.',
  confirmationMismatch: 'Die Bestätigung stimmt nicht überein',
  passwordRequiredWithoutInvitation: 'Bitte vergib ein Passwort oder sende eine Einladung.',
  userLimitReached: 'Die maximale Anzahl an Usern ist erreicht. Bitte passe Dein Abo an, um weitere User anzulegen.',
  userCreated: 'Der User wurde angelegt',
  userDeleted: 'Der User wurde gelöscht',
  userSaved: 'Eingaben gespeichert',
  userNotFound: 'Dieser User wurde nicht gefunden.',
  ownerNotDeletable: 'Der Inhaber des Teams kann nicht gelöscht werden.',
  selfNotDeletable: 'Du kannst Dich nicht selbst löschen.',
  onlyOwnerSetsAdmin: 'Nur der Inhaber des Teams kann Administratorrechte vergeben oder entziehen.',
  onlyOwnerChangesAdmins: 'Nur der Inhaber des Teams darf den Inhaber und die Zugangsdaten anderer Administratoren ändern oder Administratoren löschen.',
  ownerStaysAdmin: 'Der Inhaber des Teams bleibt immer Administrator.',
  permissionSaved: 'Einstellung gespeichert',
  invitationSubject: 'Einladung zu Mika',
  filterEntries:
    'Bitte trenne die Einträge mit einem Komma. Jeder Eintrag muss mindestens 3 Zeichen lang sein. Vor- und Nachnamen sind erlaubt.',
  // Spec 03 §5 doubles "muss"; corrected (docs/decisions/004-spec-typos.md).
  filterMinLevel2: 'Bei diesem Grad des Datenschutzes muss der Filter aus mindestens 100 Buchstaben bestehen.',
  filterSaved: 'Einstellungen gespeichert',
  assistantFilterSaved: 'Einstellung gespeichert',
  voiceRefused: 'Bei diesem Datenschutz-Grad ist die Spracheingabe ausgeschaltet.',
  supportSubjectMin: 'Der Betreff muss mindestens 3 Zeichen lang sein',
  supportMessageMin: 'Die Nachricht muss mindestens 30 Zeichen lang sein',
  supportSent: 'Nachricht wurde an den Support versendet',
} as const;

// Public chat, contact form and voice (spec 01 §5/§8, spec 02 §5)
export const MP = {
  formSent: 'Angaben gesendet',
  formInvalid: 'Eingaben sind nicht valide',
  formSaved: 'Angaben gespeichert',
  sendToRequired: 'Bitte gib mindestens eine E-Mail-Adresse ein oder aktiviere den Versand an Dich.',
  sendToInvalid: (addresses: string[]) => `Diese E-Mail-Adressen sind ungültig: ${addresses.join(', ')}`,
  formNotOffered: 'Dieser Mika bietet kein Kontaktformular an.',
  tooManyMessages: 'Zu viele Nachrichten in kurzer Zeit. Bitte warte einen Moment und versuche es dann erneut.',
  domainNotAllowed: 'Dieser Chat darf auf dieser Website nicht eingebunden werden.',
  domainsInvalid: 'Bitte gib die Websites als Domains an, getrennt durch Kommas (z. B. firma.de, www.firma.de).',
  audioRequired: 'Bitte nimm zuerst eine Sprachnachricht auf.',
  audioInvalid: 'Die Aufnahme ist keine gültige WAV-Datei.',
  audioTooLarge: 'Die Aufnahme ist zu lang (höchstens 10 MB).',
  transcriptionUnavailable: 'Die Spracheingabe ist auf diesem Server nicht eingerichtet.',
  transcriptionFailed: 'Die Aufnahme konnte nicht verstanden werden. Bitte versuche es noch einmal.',
  transcriptEmpty: 'In der Aufnahme war keine Sprache zu erkennen.',
  speechFailed: 'Die Sprachausgabe ist fehlgeschlagen. Bitte versuche es noch einmal.',
  messageNotFound: 'Diese Nachricht wurde nicht gefunden.',
  contactFormIntro: 'Gern! Hinterlasse hier Deine Kontaktdaten – wir melden uns bei Dir.',
} as const;

// Knowledge files (spec 02 §2 Wissen, §5, §8, §9; docs/knowledge.md)
export const MK = {
  fileRequired: 'Bitte wähle eine Datei aus',
  fileTooLarge: 'Die Datei darf nicht größer sein als 10MB',
  fileUploaded: 'Datei hochgeladen',
  fileDeleted: 'Datei gelöscht',
  updated: 'Aktualisiert',
  nameRequired: 'Bitte gib einen Namen ein.',
  notFound: 'Die Datei wurde nicht gefunden.',
  noAssistant: 'Kein Assistent definiert',
  tooManyFiles: (max: number) => `Ein Assistent kann höchstens ${max} Wissensdateien haben. Bitte lösche zuerst eine Datei.`,
  typeNotAllowed:
    'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, Word, Excel, PowerPoint, OpenDocument, Text, Markdown, CSV, JSON, HTML, XML, RTF und Quellcode.',
  contentMismatch: 'Der Inhalt der Datei passt nicht zu ihrer Endung.',
  archiveTooLarge: 'Die Datei ist entpackt zu groß oder besteht aus zu vielen Teilen und wird deshalb abgelehnt.',
  info: (max: number) =>
    `Lade bis zu ${max} Dateien hoch (je höchstens 10 MB): PDF, Word, Excel, PowerPoint, OpenDocument, Text, Markdown, CSV, JSON, HTML, XML, RTF oder Quellcode. Dein Mika beantwortet Fragen dann aus diesen Unterlagen und nennt die Quelle.`,
  // The stages of ingestion, as the progress dialog and the list show them.
  status: {
    queued: 'hochgeladen',
    reading: 'Text wird gelesen',
    chunking: 'wird zerlegt',
    indexing: 'wird indexiert',
    ready: 'fertig',
    error: 'Fehler',
  },
  errorEncrypted: 'Die Datei ist passwortgeschützt und kann nicht gelesen werden.',
  errorNoText:
    'Die Datei enthält keinen lesbaren Text – vermutlich ein eingescanntes Dokument ohne Texterkennung.',
  errorUnreadable: 'Die Datei ist beschädigt oder kann nicht gelesen werden.',
  errorTooLargeUnpacked: 'Die Datei ist entpackt zu groß und kann nicht gelesen werden.',
  // Where a passage comes from.
  page: (n: number) => `Seite ${n}`,
  slide: (n: number) => `Folie ${n}`,
  sheet: (name: string) => `Blatt ${name}`,
} as const;
