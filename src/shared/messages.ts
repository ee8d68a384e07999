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
  toOffice: "Los geht's",
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
