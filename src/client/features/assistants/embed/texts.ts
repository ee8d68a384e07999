// German texts of the embedding settings (Veröffentlichung tab).
export const EMBED_TEXTS = {
  domainsTitle: 'Erlaubte Websites',
  domainsText:
    'Auf welchen Websites darf der Chat eingebunden werden? Gib die Domains durch Kommas getrennt an.',
  domainsLabel: 'Erlaubte Websites',
  domainsPlaceholder: 'firma.de, www.firma.de',
  domainsHelper: 'Leer = jede Website darf den Chat einbinden.',
  domainsAny: 'Jede Website',
  domainsRestricted: (count: number) => (count === 1 ? '1 Website' : `${count} Websites`),
  save: 'Speichern',
  saving: 'Wird gespeichert …',
} as const;
