// German texts of the task view (docs/product/tasks-and-images.md; docs/tasks.md).
export const TASK_TEXTS = {
  inputLabel: 'Deine Aufgabe',
  inputPlaceholder: 'Beschreibe, was Dein Mika erledigen soll – z. B. „Schreibe ein Angebot für … als Word-Datei“.',
  inputCount: (n: number, min: number) => (n < min ? `${n} von mindestens ${min} Zeichen` : `${n} Zeichen`),
  send: 'Aufgabe senden',
  resultTitle: 'Ergebnis',
  resultEmpty: 'Hier erscheint das Ergebnis Deiner Aufgabe. Wünschst Du eine Datei, schreibe es dazu: „als Word-Datei“, „als Excel-Tabelle“, „als Präsentation“ oder „als PDF“.',
  working: 'Mika arbeitet an Deiner Aufgabe …',
  documentResult: 'Dein Dokument ist fertig:',
  voice: 'Ergebnis vorlesen',
  voiceLoading: 'Sprachausgabe wird erstellt …',
  voiceUnavailable: 'Dieser Mika sendet nur Text.',
  play: 'Abspielen',
  pause: 'Pause',
  email: 'Ergebnis per E-Mail an mich senden',
  copy: 'Ergebnis kopieren',
  skipTyping: 'Ganzes Ergebnis zeigen',
} as const;
