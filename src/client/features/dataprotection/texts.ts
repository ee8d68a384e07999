// German texts of the data-protection screen that only the client shows (server texts: USER_MESSAGES).
export const DATA_PROTECTION_TEXTS = {
  navLabel: 'Datenschutz',
  title: 'Datenschutz',
  subtitle: 'Lege fest, wie streng Dein Team mit personenbezogenen und vertraulichen Daten umgeht.',
  levelHeading: 'Grad des Datenschutzes',
  levelLabels: ['Niedrig', 'Mittel', 'Hoch'] as const,
  levelTitles: [
    'Niedrig: keine Einschränkungen',
    'Mittel: Filter und keine Spracheingabe',
    'Hoch: Filter ist Pflicht',
  ] as const,
  levelTexts: [
    'Alle Funktionen stehen ohne Einschränkung zur Verfügung, auch die Spracheingabe. Der Filter ist ausgeschaltet: Eingaben, Dokumente und Chatverläufe gehen unverändert an den KI-Anbieter.',
    'Die Spracheingabe ist deaktiviert, gesprochene Antworten der Mikas bleiben erlaubt. Der Filter ist optional und greift in allen Mikas, deren Filter-Schalter an ist – standardmäßig ist er in jedem Mika eingeschaltet.',
    'Die Spracheingabe ist deaktiviert, gesprochene Antworten bleiben erlaubt. Der Filter ist Pflicht: Er muss hier mindestens 100 Zeichen umfassen und ist in jedem Mika fest eingeschaltet. Auch die Filter der einzelnen Mikas brauchen dann mindestens 100 Zeichen.',
  ] as const,
  filterHeading: 'Geschützte Begriffe',
  filterLabel: 'Filter',
  filterPlaceholder: 'z. B. Muster GmbH, Erika Mustermann, Projekt Falke, Kundennummer',
  filterOptional: 'Optional',
  filterRequired: 'Pflicht',
  infoTitle: 'So funktioniert der Filter',
  infoText:
    'Trenne die Einträge mit einem Komma. Jeder Eintrag braucht mindestens 3 Zeichen; Vor- und Nachnamen wie „Erika Mustermann“ sind erlaubt. Bevor ein Text den KI-Anbieter erreicht, werden die aufgeführten Wörter durch Platzhalter ersetzt – in der Antwort setzt Mika sie wieder ein. So bleiben Namen, Kunden und Projekte in Deinem Team.',
  entries: (n: number) => (n === 1 ? '1 Eintrag' : `${n} Einträge`),
  save: 'Speichern',
  loadError: 'Die Datenschutz-Einstellungen konnten nicht geladen werden.',

  // Support-Zugriffe: support's live logins into the team (docs/operations.md)
  supportTitle: 'Support-Zugriffe',
  supportTable: 'Liste der Zugriffe',
  supportInfo:
    'Der Mika-Support kann sich zur Hilfe per Live-Login in Dein Team einloggen. Jeder Zugriff wird protokolliert und hier angezeigt – mit Beginn, Ende, Mitarbeiter/in, Grund und der Zahl der Änderungen.',
  supportEmpty: 'Bisher hat sich der Support nicht in Dein Team eingeloggt.',
  supportLoading: 'Support-Zugriffe werden geladen …',
  supportLoadFailed: 'Die Support-Zugriffe konnten nicht geladen werden.',
  supportStart: 'Beginn',
  supportEnd: 'Ende',
  supportOperator: 'Mitarbeiter/in',
  supportReason: 'Grund',
  supportChanges: 'Änderungen',
  supportRunning: 'läuft',
  supportRunningUntil: (time: string) => `läuft (spätestens bis ${time})`,
  supportNoReason: '–',
} as const;
