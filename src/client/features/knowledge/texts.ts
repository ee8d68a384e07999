import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { KNOWLEDGE_MAX_FILES } from '../../../shared/constants.ts';

/** «eine Datei», «3 Dateien». */
const fileCount = (n: number) => (n === 1 ? 'eine Datei' : `${n} Dateien`);

// German texts of the Wissen tab (docs/product/knowledge-and-tools.md).
export const KNOWLEDGE_TEXTS = {
  tabLabel: 'Wissen',
  qaTitle: 'Fragen und Antworten',
  qaInfo: 'Im Tab „Einblicke“ hinterlegte Antworten. Alle zusammen zählen als eine Wissensquelle.',
  qaEditTitle: 'Eintrag bearbeiten',
  qaDeleteTitle: 'Eintrag löschen?',
  qaQuestion: 'Frage',
  qaAnswer: 'Antwort',
  title: 'Wissen',
  info: KNOWLEDGE_MESSAGES.info(KNOWLEDGE_MAX_FILES),
  count: (n: number) => `${n} von ${KNOWLEDGE_MAX_FILES} Dateien`,
  upload: 'Datei hochladen',
  uploadTitle: 'Wissensdatei hochladen',
  chooseFile: 'Datei auswählen',
  noFile: 'Keine Datei ausgewählt',
  chosenFiles: (n: number) => `${n} Dateien ausgewählt`,
  dropHere: 'Dateien hier ablegen',
  replacesExisting: 'ersetzt die bisherige Fassung',
  tooManyChosen: (room: number) =>
    room === 0
      ? 'Dein Mika hat schon so viele Dateien, wie er haben kann. Neue Fassungen vorhandener Dateien gehen noch – oder lösche zuerst eine Datei.'
      : `Dein Mika kann noch ${fileCount(room)} aufnehmen. Wähle weniger aus – oder lösche zuerst eine Datei.`,
  sendingMany: (i: number, n: number) => `Datei ${i} von ${n} wird hochgeladen …`,
  uploadedMany: (n: number) => (n === 1 ? '1 Datei hochgeladen – Dein Mika liest sie jetzt.' : `${n} Dateien hochgeladen – Dein Mika liest sie jetzt.`),
  description: 'Beschreibung (optional)',
  descriptionHelp: 'Worum geht es in der Datei? Hilft Dir und Deinem Team beim Wiederfinden.',
  dataProtection: 'Datenschutz',
  dataProtectionHelp:
    'Namen und Begriffe aus Eurem Datenschutzfilter werden in dieser Datei immer unkenntlich gemacht, bevor Text an das KI-Modell geht – auch wenn der Filter des Mikas aus ist.',
  replace: (name: string) => `„${name}“ ersetzen`,
  fullReplaceOnly: (n: number) =>
    `Dein Mika hat schon ${n} Dateien, mehr geht nicht. Du kannst eine Datei durch eine neue Fassung ersetzen (mit demselben Namen oder etwa einer neuen Jahreszahl darin) – oder zuerst eine Datei löschen.`,
  replaceHelp:
    'Die neue Fassung ersetzt die bisherige, sobald sie fertig gelesen ist. Bis dahin antwortet Dein Mika aus der bisherigen.',
  replaceSimilarHelp: (name: string) =>
    `Ist die Datei eine neue Fassung von „${name}“? Dann schalte Ersetzen ein: Sie ersetzt die bisherige, sobald sie fertig gelesen ist.`,
  cancel: 'Abbrechen',
  start: 'Hochladen',
  empty:
    'Noch keine Dateien. Lade Handbücher, Preislisten oder FAQs hoch – Dein Mika beantwortet Fragen dann aus diesen Unterlagen.',
  loading: 'Dateien werden geladen …',
  loadFailed: 'Die Wissensdateien konnten nicht geladen werden.',
  edit: 'Bearbeiten',
  editTitle: 'Datei bearbeiten',
  name: 'Name',
  save: 'Speichern',
  delete: 'Löschen',
  deleteTitle: 'Datei löschen?',
  deleteText: (name: string) => `„${name}“ wird gelöscht. Dein Mika nutzt ihren Inhalt ab sofort nicht mehr.`,
  actionEdit: (name: string) => `${name} bearbeiten`,
  actionDelete: (name: string) => `${name} löschen`,
  protectedChip: 'Datenschutz',
  passages: (n: number) => (n === 1 ? '1 Abschnitt' : `${n} Abschnitte`),
  progressTitle: (name: string) => `„${name}“ wird trainiert`,
  progressDone: 'Fertig – Dein Mika kennt die Datei jetzt.',
  progressManyTitle: (n: number) => `${n} Dateien werden trainiert`,
  progressManyDone: 'Fertig – Dein Mika kennt die Dateien jetzt.',
  removalTitle: (name: string) => `„${name}“ wird entfernt`,
  removalRunning: 'Dein Mika wird ohne diese Datei neu trainiert …',
  removalDone: 'Fertig – Dein Mika nutzt die Datei nicht mehr.',
  close: 'Schließen',
  readingLong:
    'Gescannte Seiten und Fotos liest Dein Mika per Texterkennung – das dauert einige Sekunden pro Seite. Du kannst den Dialog schließen: Das Lesen geht im Hintergrund weiter.',
  status: KNOWLEDGE_MESSAGES.status,
} as const;
