// Every German text that both server and client show. Texts quoted by the spec are verbatim.
export const COMMON_MESSAGES = {
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
  verifyInvalidTitle: 'Link ungültig',
  notFound: 'Nicht gefunden.',
  forbidden: 'Keine Berechtigung',
  crossSiteRefused: 'Diese Anfrage kam von einer fremden Website und wurde abgelehnt.',
  invalidInput: 'Eingaben sind nicht valide',
  payloadTooLarge: 'Die Datei darf nicht größer sein als 10MB',
  invalidCharacters: 'Die Eingabe enthält unzulässige Zeichen.',
  invalidUpload: 'Die Datei konnte nicht gelesen werden. Bitte versuche es noch einmal.',
  fileNameInvalid: 'Der Dateiname enthält unzulässige Zeichen. Bitte benenne die Datei um.',
  fileNamePath: 'Der Dateiname darf keine Pfadangabe (/ oder \\) enthalten. Bitte benenne die Datei um.',
  fileNameLength: (max: number) => `Der Dateiname muss 1 bis ${max} Zeichen lang sein. Bitte benenne die Datei um.`,
  fieldTooLong: 'Eine Eingabe ist zu lang.',

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
  // Billing (docs/product/chat-and-voice.md; the rest in the same voice). Texts the screens show too are in COMMERCE_MESSAGES.
  shopTrial: 'Während des Testzeitraums kannst Du keine Extras buchen. Buche zuerst einen Tarif unter „Tarif“.',
  shopNoPlan: 'Extras kannst Du nur zu einem gebuchten Tarif hinzufügen. Buche zuerst einen Tarif unter „Tarif“.',
  shopNoPaymentMethod: 'Bitte lege zuerst eine Zahlungsmethode an, dann kannst Du Extras buchen.',
  billingPaymentFailed: 'Die Zahlung konnte nicht abgeschlossen werden. Bitte versuche es später erneut.',
  stripeSignatureInvalid: 'Ungültige Signatur',
} as const;

// Assistants (docs/product/library-and-wizard.md)
export const ASSISTANT_MESSAGES = {
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
  hiddenRequired: 'Bitte gib an, ob der Mika ausgeblendet werden soll.',
  hideOnlyDefault: 'Nur Standard-Mikas lassen sich ausblenden. Eigene Mikas kannst Du löschen.',
  hidden: (name: string) => `„${name}“ ist für Dein Team ausgeblendet.`,
  shown: (name: string) => `„${name}“ ist wieder für Dein Team sichtbar.`,
} as const;

// Conversations (docs/product/chat-and-voice.md and our own texts where the spec shows none)
export const CONVERSATION_MESSAGES = {
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

// Users, data protection, support (docs/product/users-and-rights.md, docs/product/data-protection.md)
export const USER_MESSAGES = {
  passwordRules:
    'Das Passwort muss mindestens 8 Zeichen lang sein und Groß- und Kleinbuchstaben, eine Zahl und ein Sonderzeichen (#?!@$%^&*-) enthalten.',
  confirmationMismatch: 'Die Bestätigung stimmt nicht überein',
  passwordRequiredWithoutInvitation: 'Bitte vergib ein Passwort oder sende eine Einladung.',
  userLimitReached: 'Die maximale Anzahl an Usern ist erreicht. Bitte passe Dein Abo an, um weitere User anzulegen.',
  userCreated: 'Der User wurde angelegt',
  userDeleted: 'Der User wurde gelöscht',
  userSaved: 'Eingaben gespeichert',
  teamRenamed: 'Teamname gespeichert',
  userNotFound: 'Dieser User wurde nicht gefunden.',
  ownerNotDeletable: 'Der Inhaber des Teams kann nicht gelöscht werden.',
  selfNotDeletable: 'Du kannst Dich nicht selbst löschen.',
  onlyOwnerSetsAdmin: 'Nur der Inhaber des Teams kann Administratorrechte vergeben oder entziehen.',
  onlyOwnerChangesAdmins: 'Nur der Inhaber des Teams darf den Inhaber und die Zugangsdaten anderer Administratoren ändern oder Administratoren löschen.',
  ownerStaysAdmin: 'Der Inhaber des Teams bleibt immer Administrator.',
  permissionSaved: 'Einstellung gespeichert',
  invitationSubject: 'Einladung zu Mika',
  invitationResent: 'Die Einladung wurde erneut gesendet. Der frühere Link gilt nicht mehr.',
  invitationNotOpen: 'Dieser User hat sein Passwort schon festgelegt: Eine Einladung ist nicht mehr nötig.',
  invitationResendLimit: 'Du hast diese Einladung schon mehrmals gesendet. Bitte versuche es in einer Stunde erneut.',
  filterEntries:
    'Bitte trenne die Einträge mit einem Komma. Jeder Eintrag muss mindestens 3 Zeichen lang sein. Vor- und Nachnamen sind erlaubt.',
  // The original doubled "muss"; corrected (docs/decisions/004-spec-typos.md).
  filterMinLevel2: 'Bei diesem Grad des Datenschutzes muss der Filter aus mindestens 100 Buchstaben bestehen.',
  filterSaved: 'Einstellungen gespeichert',
  assistantFilterSaved: 'Einstellung gespeichert',
  voiceRefused: 'Bei diesem Datenschutz-Grad ist die Spracheingabe ausgeschaltet.',
  supportSubjectMin: 'Der Betreff muss mindestens 3 Zeichen lang sein',
  supportMessageMin: 'Die Nachricht muss mindestens 30 Zeichen lang sein',
  supportSent: 'Nachricht wurde an den Support versendet',
} as const;

// Public chat, contact form and voice (docs/product/public-chat-and-embed.md, docs/product/chat-and-voice.md, docs/product/public-chat-and-embed.md, docs/product/chat-and-voice.md)
export const PUBLIC_CHAT_MESSAGES = {
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
  transcriptionUnavailable:
    'Die Spracheingabe ist auf diesem Server nicht eingerichtet: Sie braucht ein angeschlossenes Spracherkennungsmodell. Bitte wende Dich an die Person, die Mika bei Euch betreibt.',
  transcriptionFailed: 'Die Aufnahme konnte nicht verstanden werden. Bitte versuche es noch einmal.',
  transcriptEmpty: 'In der Aufnahme war keine Sprache zu erkennen.',
  speechFailed: 'Die Sprachausgabe ist fehlgeschlagen. Bitte versuche es noch einmal.',
  messageNotFound: 'Diese Nachricht wurde nicht gefunden.',
  contactFormIntro: 'Gern! Hinterlasse hier Deine Kontaktdaten – wir melden uns bei Dir.',
} as const;

// API access: keys for the OpenAI-compatible API (docs/api.md)
export const API_KEY_MESSAGES = {
  notInPlan: 'API-Zugang gibt es mit dem Tarif Agency. Wechsle den Tarif, um Schlüssel anzulegen.',
  nameRequired: 'Bitte gib dem Schlüssel einen Namen (mindestens 3 Zeichen).',
  expiryPast: 'Das Ablaufdatum muss in der Zukunft liegen.',
  scopeEmpty: 'Wähle mindestens einen Mika aus oder erlaube alle Mikas.',
  scopeUnknown: 'Mindestens ein gewählter Mika gehört nicht zu Deinem Team.',
  created: 'Schlüssel angelegt',
  revoked: 'Schlüssel widerrufen',
  notFound: 'Dieser Schlüssel wurde nicht gefunden.',
  tooMany: (max: number) => `Ein Team kann höchstens ${max} aktive Schlüssel haben. Widerrufe zuerst einen.`,
} as const;

// Tools tab: switches, e-mail contacts, external tools (docs/product/knowledge-and-tools.md; docs/tools.md)
export const TOOL_MESSAGES = {
  settingSaved: 'Einstellung gespeichert',
  saved: 'Eingaben gespeichert',
  toolNotFound: 'Dieses Tool wurde nicht gefunden.',
  noToolsForImage: 'Bilder-Mikas haben keine Tools.',
  contactNameMin: 'Der Name muss mindestens 5 Zeichen lang sein',
  contactEmailRequired: 'E-Mail ist erforderlich',
  contactEmailInvalid: 'E-Mail muss gültig sein',
  contactsInvalid: 'Die Kontaktliste ist ungültig.',
  contactsTooMany: (max: number) => `Höchstens ${max} Kontakte sind möglich.`,
  contactDuplicate: (email: string) => `Die Adresse ${email} steht schon in der Liste.`,
  mailSending: 'E-Mail wird gesendet …',
  mailUnknownRecipient: (list: string) =>
    `Diese Person steht nicht in der Kontaktliste. Eine E-Mail geht nur an: ${list}.`,
  mailSent: (name: string) => `E-Mail an ${name} wurde versendet.`,
  mailLimit: 'In diesem Chat wurden in der letzten Stunde schon zu viele E-Mails gesendet.',
  mcpNotFound: 'Dieses externe Tool wurde nicht gefunden.',
  mcpTooMany: (max: number) => `Ein Team kann höchstens ${max} externe Tools haben. Bitte lösche zuerst eines.`,
  mcpUnreachable: 'Der Server des externen Tools ist nicht erreichbar.',
  mcpCalling: (tool: string) => `Externes Tool ${tool} wird aufgerufen …`,
  mcpTimeout: 'Das externe Tool hat nicht rechtzeitig geantwortet.',
  mcpFailed: 'Das externe Tool hat einen Fehler gemeldet.',
  mcpUrlInvalid: 'Bitte gib eine gültige URL an (https://…).',
  mcpUrlHttps: 'Externe Tools müssen über https erreichbar sein.',
  mcpUrlPrivate: 'Adressen im internen Netz (localhost, private Bereiche) sind für externe Tools nicht erlaubt.',
  mcpNameRequired: 'Bitte gib einen Namen ein (mindestens 3 Zeichen).',
  mcpHeaderInvalid: 'Header-Namen dürfen nur Buchstaben, Ziffern und Bindestriche enthalten.',
  mcpSaved: 'Externes Tool gespeichert',
  mcpDeleted: 'Externes Tool gelöscht',
  teamNotFound: 'Dieses Team wurde nicht gefunden.',
} as const;

// Assets: files a Mika hands out in the chat (docs/product/knowledge-and-tools.md, docs/product/library-and-wizard.md; docs/tools.md)
export const ASSET_MESSAGES = {
  fileUploaded: 'Datei hochgeladen',
  fileDeleted: 'Datei gelöscht',
  updated: 'Aktualisiert',
  settingSaved: 'Einstellung gespeichert',
  notFound: 'Die Datei wurde nicht gefunden.',
  descriptionTooShort: (min: number) => `Die Beschreibung muss mindestens ${min} Zeichen lang sein.`,
  tooManyFiles: (max: number) => `Ein Assistent kann höchstens ${max} Dateien anbieten. Bitte lösche zuerst eine Datei.`,
  typeNotAllowed: 'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, Word (doc, docx), Excel (xlsx), PowerPoint (pptx), JPG und PNG.',
  imageInvalid: 'Das Bild konnte nicht gelesen werden. Bitte lade ein gültiges JPG- oder PNG-Bild hoch.',
  imageDimensions: 'Das Bild ist zu groß. Erlaubt sind höchstens 4000 × 4000 Pixel.',
  info: (max: number) =>
    `Lade bis zu ${max} Dateien hoch (je höchstens 10 MB: PDF, Word, Excel, PowerPoint, JPG oder PNG) und beschreibe, wann Dein Mika sie anbieten soll. Fragt jemand im Chat danach, erscheint die Datei dort zum Öffnen oder Herunterladen.`,
  /** The short line before a document when the model only offered it. */
  documentIntro: 'Gern, hier ist die gewünschte Datei:',
} as const;

/** Its own export: the library's image action needs only this sentence (bundle budget, decision 012). */
export const IMAGE_NOT_CONFIGURED =
  'Die Bildgenerierung ist auf diesem Server nicht eingerichtet. Bitte wende Dich an die Person, die Mika bei Euch betreibt.';

/** Who reads an explanation of a missing model: the operator connects it, an admin asks the operator, an employee the admin. */
export type ModelAudience = 'operator' | 'admin' | 'employee';

/**
 * The image view's explanation when no image model is connected, by audience — as the offline
 * engine's answers explain themselves (docs/decisions/030-first-hour.md): what is missing, and
 * where it is connected (operator) or whom to ask (admin, employee).
 */
export function imageNotConfiguredFor(audience: ModelAudience): string {
  const missing = 'Die Bildgenerierung ist auf diesem Server nicht eingerichtet: Sie braucht ein angeschlossenes Bildmodell.';
  const connect: Record<ModelAudience, string> = {
    operator:
      'Als Betreiber verbindest Du es unter „Insight“ → „KI-Anbieter“ auf der Karte „Bilder“ oder in der Server-Konfiguration (AI_IMAGE_MODEL, docs/ai.md).',
    admin: 'Das schließt der Betreiber dieses Mika-Servers an. Bitte ihn darum, z. B. über „Support“ in der Seitenleiste.',
    employee: 'Das schließt der Betreiber dieses Mika-Servers an: Bitte Deine Administratorin oder Deinen Administrator, das zu veranlassen.',
  };
  return `${missing} ${connect[audience]}`;
}

// Image assistants: styles and pictures (docs/product/tasks-and-images.md, docs/product/library-and-wizard.md; docs/decisions/016-images.md)
export const IMAGE_MESSAGES = {
  styleImageUploaded: 'Bild hochgeladen',
  styleSaved: 'Style wurde gespeichert',
  styleCreated: 'Style wurde erstellt und kann verwendet werden',
  styleImageDeleted: 'Das Bild wurde gelöscht',
  pngOnly: 'Bitte lade ein Bild im Format PNG hoch',
  pngInvalid: 'Die Datei ist kein gültiges PNG-Bild.',
  pngDimensions: 'Das Bild ist zu groß. Erlaubt sind höchstens 4000 × 4000 Pixel.',
  tooManyStyleImages: (n: number) => `Es sind bereits ${n} Bilder hochgeladen. Lösche zuerst ein Bild.`,
  needStyleImages: (n: number) => `Für einen eigenen Style werden genau ${n} Bilder benötigt.`,
  styleRequired: 'Bitte wähle eine Stilrichtung aus',
  substyleInvalid: 'Diese Variante passt nicht zur gewählten Stilrichtung',
  customStyleBase: 'Ein eigener Style ist nur für realistische Bilder und digitale Illustrationen möglich',
  notImageAssistant: 'Dieser Mika malt keine Bilder.',
  notConfigured: IMAGE_NOT_CONFIGURED,
  customStyleNeedsModel:
    'Für einen eigenen Style braucht dieser Server ein KI-Sprachmodell, das Bilder beschreiben kann. Es ist nicht eingerichtet.',
  customStyleMissing: 'Der eigene Style ist noch nicht erstellt. Bitte lade 5 Bilder hoch und erstelle den Style.',
  descriptionRequired: 'Bitte beschreibe das Bild',
  descriptionTooLong: 'Die Beschreibung ist zu lang (höchstens 2000 Zeichen).',
  imageNotFound: 'Das Bild wurde nicht gefunden.',
  imageFailed: 'Das Bild konnte nicht erstellt werden. Bitte versuche es noch einmal.',
  styleCreateFailed: 'Der Style konnte nicht erstellt werden. Bitte versuche es später noch einmal.',
  tooManyImages: 'Du hast in der letzten Stunde sehr viele Bilder malen lassen. Bitte versuche es später noch einmal.',
  // The stages of a picture, as the live channel and the image view show them.
  status: {
    prompted: 'Prompt erstellt',
    queued: 'Bild wird vorbereitet …',
    generating: 'Bild wird gemalt …',
    storing: 'Bild wird gespeichert …',
    ready: 'Bild ist fertig',
    error: 'Fehler',
  },
} as const;

// Task view: results, documents, e-mail and copy (docs/product/tasks-and-images.md; docs/tasks.md)
export const TASK_MESSAGES = {
  inputMin: 'Der Input muss mindestens 30 Buchstaben lang sein',
  inputTooLong: 'Der Input ist zu lang (höchstens 8000 Zeichen).',
  notATask: 'Dieser Mika ist kein Aufgaben-Mika.',
  mailSent: 'Email wurde an Dich versendet',
  mailLimit: 'Du hast in der letzten Stunde schon zu viele Ergebnisse per E-Mail versendet. Bitte versuche es später erneut.',
  mailSubject: (name: string) => `Dein Ergebnis von ${name}`,
  copied: 'Ergebnis wurde kopiert',
  documentBuilding: 'Das Dokument wird erstellt …',
  documentReady: (name: string) => `Das Dokument „${name}“ steht bereit.`,
} as const;

// Knowledge files (docs/product/knowledge-and-tools.md; docs/knowledge.md)
export const KNOWLEDGE_MESSAGES = {
  fileRequired: 'Bitte wähle eine Datei aus',
  guideReadOnly:
    'Das Wissen dieses Mikas ist das mitgelieferte Mika-Handbuch: Es kommt mit jeder Version von Mika und lässt sich hier nicht ändern.',
  fileTooLarge: 'Die Datei darf nicht größer sein als 10MB',
  fileUploaded: 'Datei hochgeladen',
  fileDeleted: 'Datei gelöscht',
  updated: 'Aktualisiert',
  nameRequired: 'Bitte gib einen Namen ein.',
  notFound: 'Die Datei wurde nicht gefunden.',
  noAssistant: 'Kein Assistent definiert',
  tooManyFiles: (max: number) => `Ein Assistent kann höchstens ${max} Wissensdateien haben. Bitte lösche zuerst eine Datei.`,
  typeNotAllowed:
    'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, Word, Excel, PowerPoint, OpenDocument, E-Mails (eml, msg), Bilder und Scans (JPEG, PNG, TIFF), Text, Markdown, CSV, JSON, HTML, XML, RTF und Quellcode.',
  contentMismatch: 'Der Inhalt der Datei passt nicht zu ihrer Endung.',
  // Types people try first, each with what to do instead.
  archiveNotRead:
    'Archive (ZIP, RAR, 7z) liest Dein Mika nicht. Bitte entpacke es und lade die Dateien hoch – Du kannst mehrere auf einmal auswählen.',
  imageNotRead: 'Dieses Bildformat liest Dein Mika nicht. Speichere das Bild bitte als JPEG oder PNG und lade es erneut hoch.',
  mailboxNotRead:
    'Ein ganzes Postfach liest Dein Mika nicht. Speichere die Mails, die er kennen soll, einzeln (als .msg oder .eml) und lade sie hoch.',
  alreadyKnown: (name: string) => `Diese Datei kennt Dein Mika schon: „${name}“.`,
  replacedGone: 'Die Datei, die ersetzt werden soll, gibt es nicht mehr. Bitte lade die neue Datei ohne Ersetzen hoch.',
  archiveTooLarge: 'Die Datei ist entpackt zu groß oder besteht aus zu vielen Teilen und wird deshalb abgelehnt.',
  info: (max: number) =>
    `Lade bis zu ${max} Dateien hoch (je höchstens 10 MB): PDF, Word, Excel, PowerPoint, OpenDocument, E-Mails (eml, msg), Scans und Fotos von Dokumenten (JPEG, PNG, TIFF), Text, Markdown, CSV, JSON, HTML, XML, RTF oder Quellcode. Dein Mika beantwortet Fragen dann aus diesen Unterlagen und nennt die Quelle.`,
  // The stages of ingestion, as the progress dialog and the list show them.
  status: {
    queued: 'hochgeladen',
    reading: 'Text wird gelesen',
    chunking: 'wird zerlegt',
    indexing: 'wird indexiert',
    ready: 'fertig',
    error: 'Fehler',
  },
  errorEncrypted:
    'Die Datei ist passwortgeschützt und kann nicht gelesen werden. Bitte speichere sie ohne Passwort und lade sie erneut hoch.',
  errorOldOffice:
    'Die Datei stammt aus einer Office-Version vor 1997 und kann nicht gelesen werden. Bitte öffne sie in Word oder Excel und speichere sie neu (als .docx oder .xlsx).',
  errorNoText:
    'In der Datei ist kein lesbarer Text zu finden – auch die Texterkennung hat keinen erkannt. Ein scharfer, gerader Scan mit mindestens 300 dpi hilft meist.',
  errorUnreadable: 'Die Datei ist beschädigt oder kann nicht gelesen werden.',
  errorTooLargeUnpacked: 'Die Datei ist entpackt zu groß und kann nicht gelesen werden.',
  // Where a passage comes from.
  page: (n: number) => `Seite ${n}`,
  slide: (n: number) => `Folie ${n}`,
  sheet: (name: string) => `Blatt ${name}`,
  // A document's notes, read after the text that points to them.
  footnote: (text: string) => `Fußnote: ${text}`,
  /** A filled PDF form's field whose label is not found on the page. */
  formField: (name: string, value: string) => `Formularfeld „${name}“: ${value}`,
  endnote: (text: string) => `Endnote: ${text}`,
  speakerNotes: (text: string) => `Notizen: ${text}`,
  /** A chart's data, read as a table under this line. */
  chart: (title: string) => (title ? `Diagramm „${title}“:` : 'Diagramm:'),
  /** A chart's series without a name. */
  chartSeries: (n: number) => `Reihe ${n}`,
  /** A passage of a mail's attachment: «Anhang „Preise.xlsx“, Blatt Preise». */
  attachment: (name: string, location: string) => (location ? `Anhang „${name}“, ${location}` : `Anhang „${name}“`),
  // A mail's header lines, as Outlook writes them above a forwarded mail.
  mail: {
    from: 'Von',
    to: 'An',
    cc: 'Cc',
    date: 'Gesendet',
    attachments: 'Anhänge',
    noSubject: '(ohne Betreff)',
    forwarded: 'Weitergeleitete Nachricht.eml',
  },
  qaFileDescription: 'Antworten, die im Tab „Einblicke“ hinterlegt wurden. Alle zusammen zählen als eine Wissensquelle.',
  qaNotFound: 'Dieser Eintrag wurde nicht gefunden.',
  qaSaved: 'Eintrag gespeichert',
  qaDeleted: 'Eintrag gelöscht',
} as const;

/** A team's website as knowledge (issue 34, docs/knowledge.md#websites). */
export const WEBSITE_MESSAGES = {
  added: 'Website hinzugefügt – das Lesen der Seiten beginnt.',
  deleted: 'Website entfernt',
  syncStarted: 'Die Website wird jetzt neu gelesen.',
  notFound: 'Die Website wurde nicht gefunden.',
  urlInvalid: 'Bitte gib die Adresse Deiner Website an (https://…).',
  sitemapInvalid: 'Bitte gib eine gültige Sitemap-Adresse an (https://…) oder lass das Feld leer.',
  sitemapOtherHost: 'Die Sitemap muss auf derselben Website liegen wie die Startadresse.',
  patternInvalid: 'Pfadmuster beginnen mit / (z. B. /blog/*), höchstens 20 Muster.',
  maxPagesInvalid: 'Bitte gib eine Seitenzahl ab 1 an.',
  maxPagesPlan: (max: number) => `Dein Tarif erlaubt höchstens ${max} Seiten pro Website.`,
  intervalInvalid: 'Bitte wähle täglich, wöchentlich oder nur manuell.',
  alreadyAdded: 'Diese Website ist bei diesem Mika schon eingetragen.',
  alreadyRunning: 'Die Website wird gerade gelesen.',
  // The outbound guard's refusals, for a website (platform/outbound.ts reasons).
  refusedProtocol: 'Websites müssen über https erreichbar sein.',
  refusedPrivate:
    'Adressen im internen Netz (localhost, private Bereiche) sind nicht erlaubt. Ein Intranet kann der Betreiber mit OUTBOUND_ALLOW freigeben.',
  refusedUrl: 'Die Adresse ist ungültig.',
  // Per-page reasons shown in the list.
  pageRobots: 'nicht erlaubt durch robots.txt',
  pageTooLarge: 'zu groß (mehr als 5 MB)',
  pageTimeout: 'Zeitüberschreitung (mehr als 15 Sekunden)',
  pageNotHtml: 'kein HTML oder PDF',
  pageNotFound: 'nicht gefunden (404)',
  pageGone: 'entfernt (410)',
  pageHttp: (status: number) => `Fehler des Servers (HTTP ${status})`,
  pageRedirects: 'zu viele Weiterleitungen oder Weiterleitung an eine nicht erlaubte Adresse',
  pagePrivate: 'nicht erlaubte Adresse (internes Netz)',
  pageProtocol: 'nicht über https erreichbar',
  pageUnreachable: 'nicht erreichbar',
  pageNoText: 'kein lesbarer Text',
  pageUnnamed: 'nicht mehr verlinkt und in keiner Sitemap (entfernt)',
  startUnreachable: 'Die Startseite ist nicht erreichbar.',
  progress: (done: number, total: number) => `${done} von ${total} Seiten gelesen`,
  status: { queued: 'wartet', crawling: 'wird gelesen', ready: 'aktuell', error: 'Fehler' },
  interval: { daily: 'täglich', weekly: 'wöchentlich', manual: 'nur manuell' },
} as const;

/** Credits, plan rules and the trial's end (issue 14; docs/credits.md, docs/plans.md). */
export const CREDIT_MESSAGES = {
  emptyAdmin:
    'Dein Team hat kein Guthaben mehr. Lade Credits unter Nutzung → Aufladen auf, dann kann Dein Mika weiterarbeiten.',
  emptyMember:
    'Dein Team hat kein Guthaben mehr. Bitte eine Administratorin oder einen Administrator, Credits unter Nutzung → Aufladen aufzuladen.',
  emptyPublic: 'Dieser Chat ist gerade nicht verfügbar. Bitte versuche es später noch einmal.',
  emptyApi: 'The team has no credits left. An admin can top up under Nutzung → Aufladen.',
  otherUsage: 'Sonstiges (API, gelöschte Mikas)',
  monthInvalid: 'Bitte gib den Monat als JJJJ-MM an.',
  publishNotIncluded:
    'Dein Tarif enthält keine öffentlichen Chats. Mit dem Tarif Team oder Agency kannst Du Mikas veröffentlichen.',
  publishLimit: (licences: number) =>
    `Alle ${licences} öffentlichen Lizenzen Deines Tarifs sind vergeben. Nimm zuerst einen anderen Mika aus der Öffentlichkeit oder wechsle den Tarif.`,
  rightsNotIncluded:
    'Rollen und Rechte gibt es in den Tarifen Team und Agency. Im Tarif Solo darf jedes Teammitglied alle Mikas des Teams nutzen, bearbeiten dürfen sie nur Administratoren.',
  trialEndedTitle: 'Deine Testphase ist beendet',
  trialEnded:
    'Deine Testphase ist abgelaufen. Deine Mikas und Daten bleiben erhalten – sobald der Inhaber einen Tarif bucht, kann Dein Team sie wieder nutzen und bearbeiten.',
  trialEndedButton: 'Zu den Angeboten',
} as const;

// Commerce: plans, shop, credits and the billing address (issue 14; docs/product/plans.md, docs/product/shop.md).
// Texts quoted by the spec are verbatim ({product} = Mika).
export const COMMERCE_MESSAGES = {
  bookingSuccess: 'Buchung erfolgreich',
  bookingNoPaymentMethod: 'Bitte lege zuerst eine Zahlungsmethode an',
  bookingPlanRunning: 'Du hast bereits einen laufenden Tarif. Für einen Wechsel, wende Dich bitte ans Mika Team',
  bookingAllowed: 'Tarif buchen',
  shopMikasAdded: 'Deine Mikas wurden dem Abo zugefügt. Du bist jetzt startklar.',
  shopUsersAdded: 'Deine User wurden dem Abo zugefügt. Du bist jetzt startklar.',
  shopMikasReduced: 'Zusätzliche Mikas wurden reduziert',
  shopUsersReduced: 'Zusätzliche User wurden reduziert',
  shopCancelTooManyMikas: 'Du kannst nicht mehr Mikas kündigen, als Du zusätzlich gebucht hast',
  shopCancelTooManyUsers: 'Du kannst nicht mehr User kündigen, als Du zusätzlich gebucht hast',
  shopQuantity: 'Bitte wähle eine Anzahl von 1 bis 10.',
  billingAddressSaved: 'Rechnungsadresse gespeichert',
  billingCompanyRequired: 'Bitte gib den Namen Deiner Firma an.',
  billingStreetRequired: 'Bitte gib Straße und Hausnummer an.',
  billingPostcodeInvalid: 'Bitte gib eine gültige Postleitzahl an (in Deutschland 5 Ziffern).',
  billingCityRequired: 'Bitte gib den Ort an.',
  billingCountryInvalid: 'Bitte wähle ein Land aus.',
  billingVatIdInvalid: 'Bitte gib eine gültige USt-IdNr. an, z. B. DE136695976.',
  topUpAmountInvalid: 'Bitte gib eine ganze Zahl von 10 bis 10.000 an.',
  invoicePending: 'Die Rechnung wird gerade erstellt. Bitte versuche es in einem Moment noch einmal.',
  invoiceNotOpen: 'Diese Rechnung ist nicht mehr offen.',
  invoiceAlreadyCancelled: 'Diese Rechnung wurde bereits storniert.',
  invoiceCancelReasonRequired: 'Bitte gib einen Grund für die Stornierung an (3 bis 500 Zeichen).',
  invoiceMarkedPaid: 'Die Rechnung wurde als bezahlt markiert.',
  invoiceCancelled: 'Die Rechnung wurde storniert, die Stornorechnung ist erstellt.',
  sellerTaxNumberMissing:
    'Für Kunden außerhalb der EU kann gerade keine Rechnung ausgestellt werden. Bitte wende Dich an das Mika Team (dem Betreiber fehlt SELLER_TAX_NUMBER).',
  billingVatIdCountry: 'Die USt-IdNr. passt nicht zum Land der Rechnungsadresse.',
  billingVatIdRequiredEu:
    'Für Firmen in der EU außerhalb Deutschlands brauchen wir Deine USt-IdNr.: Die Rechnung wird dann ohne deutsche Umsatzsteuer ausgestellt (Reverse-Charge-Verfahren).',
  billingLeitwegIdInvalid: 'Bitte gib eine gültige Leitweg-ID an, z. B. 991-12345-67.',
  billingInvoiceEmailInvalid: 'Bitte gib eine gültige E-Mail-Adresse für die Rechnungen an.',
} as const;

/** Operator area (Insight, docs/product/operator-area.md) and live login. */
export const INSIGHT_MESSAGES = {
  extrasChanged: 'Extras wurden angepasst',
  amountsChanged: 'Leistungen wurde angepasst',
  promotionApplied: 'Gutschein wird angewendet',
  subscriptionChanged: 'Abo wurde angepasst',
  trialChanged: 'Testzeitraum wurde angepasst',
  teamDeleted: 'Team wurde mit allen Daten gelöscht',
  teamRestored: 'Team wurde wiederhergestellt',
  liveLoginStarted: 'Live-Login gestartet',
  liveLoginEnded: 'Live-Login beendet',
  liveLoginNested: 'Du bist bereits per Live-Login in einem Team. Beende zuerst diesen Live-Login.',
  liveLoginNoOwner: 'Dieses Team hat keinen Owner, als der Du Dich einloggen könntest.',
  liveLoginDeleted: 'Ein gelöschtes Team kann nicht betreten werden.',
  liveLoginForbidden: 'Während eines Live-Logins können E-Mail-Adresse und Passwort nicht geändert werden.',
  liveLoginGrantsAccess: 'Während eines Live-Logins können keine Zugänge (Benutzer, API-Schlüssel, Links, Zugangsdaten) angelegt oder geändert werden.',
  extrasBelowZero: 'Es sind nicht so viele Extras gebucht, wie Du entfernen möchtest.',
  qtyInvalid: 'Bitte gib eine Anzahl von 1 bis 100 an.',
  amountInvalid: 'Bitte gib eine ganze Zahl von 0 bis 1000 an.',
  planUnknown: 'Diesen Tarif gibt es nicht.',
  trialDateInvalid: 'Bitte gib ein gültiges Datum an.',
  trialDatePast: 'Das Ende des Testzeitraums muss in der Zukunft liegen.',
  trialOnlyForTrial: 'Dieses Team hat einen gebuchten Tarif. Stelle zuerst das Tarifmodell auf „Testzeitraum“, um einen Testzeitraum zu aktivieren.',
  trialDateTooFar: 'Ein Testzeitraum kann höchstens ein Jahr im Voraus festgelegt werden.',
  promotionCodeRequired: 'Bitte gib einen Gutscheincode ein.',
  promotionCodeUnknown: 'Diesen Gutscheincode gibt es nicht oder er ist nicht mehr gültig.',
  promotionCodeFormat: 'Ein Gutscheincode besteht aus 3 bis 64 Buchstaben, Ziffern, - oder _.',
  promotionCodeTaken: 'Diesen Gutscheincode gibt es bereits.',
  promotionCodeSaved: 'Gutschein gespeichert',
  promotionCodeDeactivated: 'Gutschein deaktiviert',
  promotionNoSubscription: 'Dieses Team hat kein laufendes Abo, auf das der Gutschein angewendet werden kann.',
  discountInvalid: 'Bitte gib einen gültigen Rabatt an.',
  discountOneOf: 'Gib entweder einen Prozentsatz oder einen Betrag an.',
  teamAlreadyDeleted: 'Dieses Team ist bereits gelöscht.',
  teamNotDeleted: 'Dieses Team ist nicht gelöscht.',
  restoreHardDeleted: 'Dieses Team wird endgültig gelöscht und kann nicht wiederhergestellt werden.',
  restoreEmailTaken: 'Das Team kann nicht wiederhergestellt werden: Eine E-Mail-Adresse seiner User gehört inzwischen zu einem anderen Konto.',
  ownTeam: 'Dein eigenes Team kannst Du hier nicht löschen.',
  stripeNotConfigured: 'Stripe ist nicht eingerichtet.',
  stripeCustomerFailed: 'Der Stripe-Kunde konnte nicht gelöscht werden. Das Team wurde nicht gelöscht.',
} as const;

/** Datenschutz: retention, export, erasure, processing record (docs/dataprotection.md). */
export const DATA_PROTECTION_MESSAGES = {
  retentionInvalid: 'Bitte wähle eine der angebotenen Aufbewahrungsfristen.',
  retentionSaved: 'Die Aufbewahrungsfristen wurden gespeichert.',
  exportScopeInvalid: 'Bitte wähle, was exportiert werden soll.',
  exportStarted: 'Der Export wird vorbereitet. Du erhältst eine E-Mail, sobald er bereit ist.',
  exportRunning: 'Ein Export mit diesem Inhalt wird bereits vorbereitet.',
  exportNotFound: 'Dieser Export wurde nicht gefunden.',
  exportNotReady: 'Dieser Export ist noch nicht fertig.',
  exportExpired: 'Dieser Download ist abgelaufen. Bitte starte einen neuen Export.',
  exportMailSubject: 'Dein Datenexport ist bereit',
  exportMailText: (label: string, url: string, days: number) =>
    `Der Datenexport „${label}“ ist fertig.\n\nDu kannst ihn unter Datenschutz → Auskunft und Löschung herunterladen:\n${url}\n\nDer Download ist ${days} Tage lang gültig und nur für Dich bestimmt.`,
  userNotFound: 'Dieser User wurde nicht gefunden.',
  ownerNotErasable: 'Die Daten der Inhaberin oder des Inhabers werden mit dem Team gelöscht, nicht einzeln.',
  selfNotErasable: 'Deine eigenen Daten kann eine andere Administratorin oder ein anderer Administrator löschen.',
  userErased: 'Der User und alle seine Daten wurden gelöscht.',
  threadNotFound: 'Diese Unterhaltung wurde nicht gefunden.',
  threadErased: 'Die Unterhaltung wurde gelöscht.',
  ownThreadDeleted: 'Deine Unterhaltung wurde gelöscht.',
  visitorQueryInvalid: 'Bitte gib eine Unterhaltungs-Nummer oder eine E-Mail-Adresse ein.',
  recordFormatInvalid: 'Bitte wähle PDF oder Markdown.',
} as const;

/** AI providers set up in Insight ("KI-Anbieter", docs/ai.md). */
export const AI_PROVIDER_MESSAGES = {
  saved: 'Der KI-Anbieter wurde gespeichert.',
  providerInvalid: 'Dieser Anbieter ist für diese Fähigkeit nicht möglich.',
  baseUrlInvalid: 'Bitte gib eine gültige http- oder https-Adresse an.',
  baseUrlRequired: 'Dieser Anbieter braucht eine Basis-URL.',
  modelRequired: 'Bitte gib ein Modell an.',
  keyRequired: 'Dieser Anbieter braucht einen API-Schlüssel.',
  contextInvalid: 'Bitte gib ein Kontextfenster von 1.000 bis 10.000.000 Tokens an.',
  offlineOk: 'Offline: hier wird kein Anbieter gefragt.',
  testFailed: (detail: string) => `Der Anbieter hat mit einem Fehler geantwortet: ${detail}`,
  testRejectedKey: (detail: string) => `Der Anbieter hat den API-Schlüssel abgelehnt: ${detail}`,
  testNotFound: (detail: string) => `Der Anbieter kennt das Modell oder die Adresse nicht: ${detail}`,
  testUnreachable: (detail: string) => `Der Anbieter ist nicht erreichbar: ${detail}`,
  testTimeout: 'Der Anbieter hat nicht innerhalb von 30 Sekunden geantwortet.',
  testChatOk: (text: string) => `Verbindung steht. Antwort des Modells: „${text}“`,
  testEmbeddingOk: (dimensions: number) => `Verbindung steht. Das Modell liefert Vektoren mit ${dimensions} Dimensionen.`,
  testSpeechOk: (bytes: number) => `Verbindung steht. Das Modell hat ${bytes.toLocaleString('de-DE')} Bytes Audio gesprochen.`,
  testTranscriptionOk: 'Verbindung steht. Das Modell hat eine kurze Aufnahme verschriftlicht.',
  testModelsOk: (count: number) => `Verbindung steht. Der Anbieter bietet ${count} Modelle an.`,
  testRerankOk: 'Verbindung steht. Das Modell hat zwei Texte nach Relevanz geordnet.',
  testOk: 'Verbindung steht.',
} as const;

/** Einblicke: feedback on answers, unanswered questions, topics, "Antwort hinterlegen" (docs/product/insights.md). */
export const QUESTION_INSIGHT_MESSAGES = {
  feedbackSaved: 'Danke für Deine Rückmeldung!',
  answerNotFound: 'Diese Antwort gibt es nicht.',
  valueInvalid: 'Bitte gib Daumen hoch (1) oder Daumen runter (-1) an.',
  reasonTooLong: 'Der Grund darf höchstens 500 Zeichen lang sein.',
  daysInvalid: 'Bitte wähle 7, 30 oder 90 Tage.',
  questionRequired: 'Bitte gib die Frage an.',
  questionTooLong: 'Die Frage darf höchstens 1000 Zeichen lang sein.',
  answerRequired: 'Bitte gib die Antwort ein.',
  answerTooLong: 'Die Antwort darf höchstens 8000 Zeichen lang sein.',
  answerStored: 'Antwort hinterlegt. Der Mika beantwortet die Frage ab jetzt aus seinem Wissen.',
  reasonNoMatch: 'Nichts Passendes im Wissen',
  reasonDeclared: 'Mika konnte es nicht beantworten',
  reasonThumbsDown: 'Daumen runter',
  masked: '[verborgen]',
  unnamedTopic: 'Ohne Text',
} as const;

/** The reasons offered with a thumbs down (or free text). */
export const FEEDBACK_REASONS = ['Falsch', 'Unvollständig', 'Nicht hilfreich'] as const;
// Live hand-off from the public Mika to a team member (docs/decisions/044-live-handoff.md)
export const HANDOFF_MESSAGES = {
  saved: 'Einstellungen zur Live-Übernahme gespeichert',
  dayInvalid: 'Bitte wähle einen Wochentag von Montag bis Sonntag.',
  timeInvalid: 'Bitte gib die Uhrzeit als HH:MM an (z. B. 09:00).',
  rangeInvalid: 'Das Ende einer Öffnungszeit muss nach ihrem Beginn liegen.',
  tooManyHours: 'Höchstens 21 Öffnungszeiten sind möglich.',
  waitInvalid: 'Bitte gib eine Wartezeit von 30 bis 900 Sekunden an.',
  greetingTooLong: 'Der Begrüßungstext darf höchstens 500 Zeichen lang sein.',
  notPublicChat: 'Die Live-Übernahme gibt es nur für Chat-Mikas.',
  defaultGreeting: 'Einen Moment bitte – ich frage jemanden aus dem Team, der gleich für Dich da ist.',
  unavailable: 'Leider ist gerade niemand aus dem Team erreichbar.',
  unavailableWithForm: 'Leider ist gerade niemand aus dem Team erreichbar. Hinterlasse gern Deine Kontaktdaten – wir melden uns bei Dir.',
  joined: (name: string) => `${name} vom Team ist jetzt da`,
  returned: 'Das Team hat das Gespräch an Mika zurückgegeben. Du kannst mir weiter Deine Fragen stellen.',
  returnedIdle: 'Das Team ist gerade nicht mehr erreichbar. Ich bin wieder für Dich da – stell mir gern Deine Fragen.',
  takenByOther: (name: string) => `${name} hat dieses Gespräch bereits übernommen.`,
  notTaken: 'Du hast dieses Gespräch nicht übernommen.',
  threadNotFound: 'Dieses Gespräch wurde nicht gefunden.',
  noRight: 'Du hast keine Berechtigung für diesen Mika.',
  teamFallbackName: 'Jemand',
  messageRequired: 'Bitte gib eine Nachricht ein.',
  messageTooLong: 'Die Nachricht ist zu lang (höchstens 4.000 Zeichen).',
} as const;
