// Small, dependency-free German text tools for the offline engine's passage ranking.

const STOPWORDS = new Set(
  (
    'aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus bei bin bis bist ' +
    'da damit dann das dass dein deine dem den der des dessen dich die dies diese diesem diesen dieser dieses dir doch dort du ' +
    'durch ein eine einem einen einer eines er es euch euer eure für gegen gibt hab habe haben hat hatte hier hin hinter ich ihm ' +
    'ihn ihnen ihr ihre im in ist ja jede jedem jeden jeder jedes jetzt kann kannst kein keine können könnte man manche mein ' +
    'meine mich mir mit muss musst nach nicht nichts noch nun nur ob oder ohne sehr sein seine sich sie sind so solche soll sollte ' +
    'sondern sonst über um und uns unser unsere unter viel vom von vor war waren was weil welche welchem welchen welcher welches ' +
    'wenn wer werde werden wie wieder will wir wird wo wollen würde zu zum zur zwar zwischen bitte gerne mal etwas wäre'
  ).split(' '),
);

/** Lower-cases, folds umlauts and strips common inflection endings so "Angebote" meets "Angebot". */
export function stem(word: string): string {
  // Repeat until stable so that "Pakete" → "Paket" → "Pake" meets "Paket" → "Pake".
  let w = foldUmlauts(word);
  for (let i = 0; i < 3; i++) {
    const next = stripSuffix(w);
    if (next === w) break;
    w = next;
  }
  return w;
}

function foldUmlauts(word: string): string {
  return word
    .toLowerCase()
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/ß/g, 'ss');
}

function stripSuffix(w: string): string {
  // Plural nouns first ("Lieferungen" → "Lieferung"), then common inflection endings. Stemming only
  // has to be consistent between question and passage, not linguistically exact.
  for (const [suffix, replacement] of [['ungen', 'ung'], ['heiten', 'heit'], ['keiten', 'keit']] as const) {
    if (w.endsWith(suffix)) return w.slice(0, -suffix.length) + replacement;
  }
  for (const suffix of ['ern', 'est', 'em', 'en', 'er', 'es', 'et', 'st', 'e', 'n', 's', 't']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) return w.slice(0, -suffix.length);
  }
  return w;
}

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((t) => t.length > 2 && !STOPWORDS.has(t))
    .map(stem);
}

/** Splits into quotable passages: whole sentences, short neighbours merged up to ~200 characters. */
export function splitPassages(text: string, maxChars = 200): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-ZÄÖÜ0-9"„])/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && current.length + s.length + 1 > maxChars) {
      out.push(current);
      current = s;
    } else current = current ? `${current} ${s}` : s;
  }
  if (current) out.push(current);
  return out;
}

/** The words of a text worth searching for: letters and digits, no stopwords, at least 3 characters. */
export function contentWords(text: string): string[] {
  return [
    ...new Set(
      (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 2 && !STOPWORDS.has(t)),
    ),
  ];
}
