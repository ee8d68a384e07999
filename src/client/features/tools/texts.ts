// German texts of the Tools tab (docs/product/knowledge-and-tools.md).
export const TOOL_TEXTS = {
  tabLabel: 'Tools',
  formTitle: 'Kontaktformular',
  formText:
    'Der Mika bietet im Chat ein Formular an, wenn jemand kontaktiert werden möchte, zum Beispiel für einen Rückruf. Die Angaben und der Chatverlauf gehen per E-Mail an die Empfänger.',
  active: 'Aktiv',
  fieldsTitle: 'Felder im Formular',
  recipientsTitle: 'Empfänger',
  // Short, so the label fits on a phone; the hint below the field says how to list several.
  sendTo: 'E-Mail-Adressen',
  sendToHint: 'Mehrere Adressen durch Kommas trennen.',
  sendToPlaceholder: 'vertrieb@firma.de, info@firma.de',
  sendToUser: 'Auch an mich senden',
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  loading: 'Einstellungen werden geladen …',
  loadFailed: 'Die Einstellungen des Kontaktformulars konnten nicht geladen werden.',
  noFields: 'Wähle mindestens ein Feld aus, damit das Formular etwas abfragt.',
  intro:
    'Tools geben Deinem Mika Fähigkeiten über das Antworten hinaus. Jeder Schalter gilt sofort; die Einstellungen darunter speicherst Du je Tool.',
  toolsLoadFailed: 'Die Tools konnten nicht geladen werden.',
  switchLabel: (name: string) => `${name} aktiv`,
  on: 'An',
  off: 'Aus',
  // E-Mail
  emailContactsTitle: 'Kontakte',
  emailContactsHint:
    'Nur an diese Personen darf der Mika E-Mails senden – auch Besucher des öffentlichen Chats können nichts anderes erreichen.',
  emailNoContacts: 'Noch keine Kontakte. Ohne Kontakte bietet der Mika das Senden nicht an.',
  contactName: 'Name',
  contactNamePlaceholder: 'Anna Berger (Vertrieb)',
  contactEmail: 'E-Mail',
  contactEmailPlaceholder: 'anna.berger@firma.de',
  addContact: 'Kontakt hinzufügen',
  removeContact: (name: string) => `Kontakt ${name || 'ohne Namen'} entfernen`,
  emailLoadFailed: 'Die Kontakte konnten nicht geladen werden.',
  // Externe Tools (MCP)
  mcpTitle: 'Externe Tools',
  mcpText:
    'Verbindungen zu Systemen Deines Teams (z. B. CRM oder Warenwirtschaft), die unser Support für Dich einrichtet. Schalte sie je Mika frei; der Mika ruft ihre Funktionen dann selbst auf.',
  mcpEmpty:
    'Für Dein Team ist noch kein externes Tool eingerichtet. Schreib uns über Service und Support, welches System Du anbinden möchtest.',
  mcpSupportLink: 'Zu Service und Support',
  mcpRefresh: 'Funktionen neu abrufen',
  mcpRefreshing: 'Wird abgerufen …',
  mcpFunctions: (n: number) => (n === 1 ? '1 Funktion' : `${n} Funktionen`),
  mcpNoFunctions: 'Keine Funktionen gemeldet.',
  mcpLoadFailed: 'Die externen Tools konnten nicht geladen werden.',
  mcpUpdated: 'Funktionen aktualisiert',
} as const;
