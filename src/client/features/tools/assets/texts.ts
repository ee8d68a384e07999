import { ASSET_MESSAGES } from '../../../../shared/messages.ts';
import { ASSET_DESCRIPTION_MIN, ASSET_MAX_FILES } from '../../../../shared/constants.ts';

// German texts of the Dateien card in the Tools tab (docs/product/knowledge-and-tools.md).
export const ASSET_TEXTS = {
  title: 'Dateien',
  info: ASSET_MESSAGES.info(ASSET_MAX_FILES),
  count: (n: number) => `${n} von ${ASSET_MAX_FILES} Dateien`,
  upload: 'Datei hinzufügen',
  uploadTitle: 'Datei zum Anbieten hochladen',
  chooseFile: 'Datei auswählen',
  noFile: 'Keine Datei ausgewählt',
  description: 'Beschreibung',
  descriptionHelp: `Wann soll Dein Mika die Datei anbieten? Mindestens ${ASSET_DESCRIPTION_MIN} Zeichen, z. B. „Unsere aktuelle Preisliste für alle Tarife“.`,
  descriptionTooShort: ASSET_MESSAGES.descriptionTooShort(ASSET_DESCRIPTION_MIN),
  cancel: 'Abbrechen',
  start: 'Hochladen',
  empty: 'Noch keine Dateien. Lade Preislisten, Broschüren, Formulare oder Bilder hoch, die Dein Mika im Chat anbieten darf.',
  inactive: 'Das Tool ist ausgeschaltet: Dein Mika bietet diese Dateien erst an, wenn Du es oben einschaltest.',
  loading: 'Dateien werden geladen …',
  loadFailed: 'Die Dateien konnten nicht geladen werden.',
  edit: 'Bearbeiten',
  editTitle: 'Datei bearbeiten',
  name: 'Name',
  nameHelp: 'Die Endung bleibt erhalten.',
  save: 'Speichern',
  delete: 'Löschen',
  deleteTitle: 'Datei löschen?',
  deleteText: (name: string) => `„${name}“ wird gelöscht. Bereits angebotene Links auf diese Datei funktionieren danach nicht mehr.`,
  actionEdit: (name: string) => `${name} bearbeiten`,
  actionDelete: (name: string) => `${name} löschen`,
  listLabel: 'Dateien zum Anbieten',
} as const;
