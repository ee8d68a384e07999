// Long German compounds in names ("Angebotsschreiber") next to icons on a phone: the browser breaks
// a word that does not fit where it may — without hyphenation dictionaries (Chromium on Linux has
// none) that is before the last letter ("Angebotsschreibe|r"). Soft hyphens at syllable borders give
// it better places: "Angebots-|schreiber".

const SOFT_HYPHEN = '\u00ad';
/** Words shorter than this never need a break next to the icons. */
const MIN_WORD = 16;
/** Letters a break leaves at least on either side. */
const MIN_PART = 4;
const VOWELS = 'aeiouäöüy';
// Consonant groups that may start a German syllable (besides one consonant). s-clusters other than
// sch are left out: before them usually sits a linking s ("Rechnungs|prüfung", not "Rechnung|sprüfung").
const ONSETS = ['schr', 'schl', 'schw', 'schm', 'schn', 'sch', 'ch', 'ph', 'qu', 'th', 'pf', 'pfl', 'pfr', 'bl', 'br', 'dr', 'fl', 'fr', 'gl', 'gr', 'kl', 'kn', 'kr', 'pl', 'pr', 'tr', 'zw', 'wr'];

/**
 * Positions in `word` where a syllable starts: between two vowel groups the longest consonant
 * group that can start a syllable moves on (Ange|bots|schrei|ber, Rech|nungs|prü|fung). A lone s
 * after another consonant is a linking s and stays (fungs|assistent is left unbroken).
 */
export function syllableBreaks(word: string): number[] {
  const lower = word.toLowerCase();
  const isVowel = (i: number) => VOWELS.includes(lower[i] ?? '');
  const out: number[] = [];
  let i = 0;
  while (i < lower.length && !isVowel(i)) i++;
  while (i < lower.length) {
    while (i < lower.length && isVowel(i)) i++;
    const start = i;
    while (i < lower.length && !isVowel(i)) i++;
    if (i >= lower.length) break;
    const cluster = lower.slice(start, i);
    const onset = ONSETS.filter((o) => cluster.endsWith(o)).sort((a, b) => b.length - a.length)[0] ?? cluster.slice(-1);
    if (onset === 's' && cluster.length > 1) continue;
    if (start + cluster.length - onset.length > 0) out.push(i - onset.length);
  }
  return out;
}

/** The name with soft hyphens in its long words; short names come back unchanged. */
export function withNameBreaks(name: string): string {
  return name.replace(/[\p{L}]+/gu, (word) => {
    if (word.length < MIN_WORD) return word;
    const breaks = syllableBreaks(word).filter((b) => b >= MIN_PART && word.length - b >= MIN_PART);
    let out = '';
    let last = 0;
    for (const b of breaks) {
      out += word.slice(last, b) + SOFT_HYPHEN;
      last = b;
    }
    return out + word.slice(last);
  });
}
