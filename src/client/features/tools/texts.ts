// German texts of the Tools tab (spec 02 §2/§3/§5).
export const TT = {
  tabLabel: 'Tools',
  formTitle: 'Kontaktformular',
  formText:
    'Der Mika bietet im Chat ein Formular an, wenn jemand kontaktiert werden möchte, zum Beispiel für einen Rückruf. Die Angaben und der Chatverlauf gehen per E-Mail an die Empfänger.',
  active: 'Aktiv',
  fieldsTitle: 'Felder im Formular',
  recipientsTitle: 'Empfänger',
  sendTo: 'Empfänger (E-Mail-Adressen, durch Kommas getrennt)',
  sendToPlaceholder: 'vertrieb@firma.de, info@firma.de',
  sendToUser: 'Auch an mich senden',
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  loading: 'Einstellungen werden geladen …',
  loadFailed: 'Die Einstellungen des Kontaktformulars konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  noFields: 'Wähle mindestens ein Feld aus, damit das Formular etwas abfragt.',
} as const;
