// Offline (and before any model is asked) a visitor asks for a person with one of these phrases
// (decision 044). Matched on the lower-cased message with umlauts folded, as whole phrases.

const PHRASES = [
  'mit einem menschen sprechen',
  'mit einem menschen reden',
  'mit einem menschen chatten',
  'einen menschen sprechen',
  'mit einer person sprechen',
  'mit einem mitarbeiter sprechen',
  'mit einer mitarbeiterin sprechen',
  'mitarbeiter sprechen',
  'mitarbeiterin sprechen',
  'echten menschen',
  'echte person',
  'mit jemandem aus dem team',
  'menschlichen ansprechpartner',
  'live-chat mit',
  'kundenservice sprechen',
];

function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ');
}

const FOLDED = PHRASES.map(fold);

/** True when the visitor's message asks for a person. */
export function asksForPerson(message: string): boolean {
  const text = fold(message);
  return FOLDED.some((p) => text.includes(p));
}
