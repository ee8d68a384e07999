// German texts of the DSGVO cards in Datenschutz (server texts: DATA_PROTECTION_MESSAGES in src/shared/messages.ts).
export const DSGVO_TEXTS = {
  retentionTitle: 'Aufbewahrung',
  retentionText:
    'Wie lange Unterhaltungen gespeichert bleiben, gezählt ab der letzten Nachricht. Ältere Unterhaltungen löscht Mika jede Nacht – mit Sprachantworten, Dokumenten, Kontaktformularen und E-Mails daraus.',
  membersLabel: 'Chats der Team-Mitglieder',
  visitorsLabel: 'Chats von Besuchern öffentlicher Mikas',
  unlimited: 'Unbegrenzt',
  days: (d: number) => (d === 365 ? '1 Jahr (365 Tage)' : `${d} Tage`),
  lastRun: (at: string, threads: number, files: number) =>
    `Zuletzt ausgeführt am ${at}: ${threads} ${threads === 1 ? 'Unterhaltung' : 'Unterhaltungen'} und ${files} ${files === 1 ? 'Datei' : 'Dateien'} gelöscht.`,
  neverRun: 'Die nächtliche Löschung ist für dieses Team noch nicht gelaufen.',
  save: 'Speichern',
  accessTitle: 'Auskunft und Löschung',
  accessText:
    'Exporte werden im Hintergrund als ZIP mit JSON und Originaldateien erstellt. Du erhältst eine E-Mail, sobald sie bereit sind; der Download gilt 7 Tage und nur für Dich.',
  teamHeading: 'Gesamtes Team',
  teamExport: 'Alles exportieren',
  exportsHeading: 'Deine Exporte',
  noExports: 'Noch keine Exporte.',
  status: { queued: 'Wartet', running: 'Wird erstellt', ready: 'Bereit', failed: 'Fehlgeschlagen' } as Record<string, string>,
  expired: 'Abgelaufen',
  download: 'Herunterladen',
  downloadOf: (label: string) => `${label} herunterladen`,
  userHeading: 'Ein User',
  userLabel: 'User',
  exportUser: 'Daten exportieren',
  deleteUser: 'User und Daten löschen',
  visitorHeading: 'Besucher-Unterhaltung',
  visitorLabel: 'Nummer oder E-Mail',
  visitorHelp: 'Die Nummer der Unterhaltung oder die E-Mail-Adresse aus dem Kontaktformular',
  search: 'Suchen',
  noVisitorThreads: 'Keine passende Unterhaltung gefunden.',
  visitorThread: (id: number, name: string, messages: number) => `#${id} · ${name} · ${messages} ${messages === 1 ? 'Nachricht' : 'Nachrichten'}`,
  withForm: 'mit Kontaktformular',
  exportThread: 'Exportieren',
  deleteThread: 'Löschen',
  confirmTitle: 'Endgültig löschen?',
  confirmUser: (name: string) =>
    `${name} wird mit allen Unterhaltungen, Sprachantworten, Dokumenten, Bildern und E-Mails gelöscht. Das lässt sich nicht rückgängig machen.`,
  confirmThread: (id: number) =>
    `Die Unterhaltung #${id} wird mit Nachrichten, Dateien, Kontaktformular und E-Mails daraus gelöscht. Das lässt sich nicht rückgängig machen.`,
  confirm: 'Endgültig löschen',
  cancel: 'Abbrechen',
  recordTitle: 'Verarbeitungsverzeichnis',
  recordText:
    'Ein aktuelles Verzeichnis der Verarbeitungstätigkeiten nach Art. 30 DSGVO: Mikas und ihre Datenkategorien, KI-Anbieter und weitere Unterauftragsverarbeiter mit Speicherort, Aufbewahrung, Datenschutzgrad und technische Maßnahmen. Es wird bei jedem Abruf aus den aktuellen Einstellungen erzeugt.',
  recordPdf: 'PDF öffnen',
  recordMd: 'Markdown herunterladen',
  processorsHeading: 'Empfänger laut Konfiguration',
  noProcessors: 'Kein externer KI-Anbieter eingerichtet: Antworten entstehen auf dem eigenen Server.',
  location: { eu: 'EU/EWR', 'non-eu': 'außerhalb der EU', unknown: 'Speicherort nicht angegeben' } as Record<string, string>,
  auditTitle: 'Protokoll',
  auditText: 'Jeder Export, jede Löschung und jeder Lauf der Aufbewahrung – ohne gelöschte Inhalte oder E-Mail-Adressen.',
  auditEmpty: 'Noch keine Einträge.',
  system: 'Automatisch',
  loadError: 'Konnte nicht geladen werden.',
} as const;

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
