// The Snowball German stemmer (M. Porter, snowballstem.org, BSD licence), ported by hand, plus
// one step of our own for verb endings in -t/-et that Snowball leaves alone ("reicht" ~ "reichen").
// The result is folded: ä → a, ö → o, ü → u, ß → ss. Stems only have to be equal for the forms of
// one word in question and passage; they are never shown.

const VOWELS = 'aeiouyäöü';
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.includes(c);
const S_ENDING = 'bdfghklmnrt';
const ST_ENDING = 'bdfghklmnt';

/** Start of the region after the first non-vowel that follows a vowel (from `from`). */
function regionStart(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  return w.length;
}

function snowball(word: string): string {
  let w = word.replace(/ß/g, 'ss');
  // u and y between vowels are consonants: mark them upper case.
  let marked = '';
  for (let i = 0; i < w.length; i++) {
    const c = w[i]!;
    if ((c === 'u' || c === 'y') && i > 0 && i < w.length - 1 && isVowel(w[i - 1]) && isVowel(w[i + 1]))
      marked += c.toUpperCase();
    else marked += c;
  }
  w = marked;
  let r1 = regionStart(w, 0);
  if (r1 < 3) r1 = 3;
  const r2 = regionStart(w, regionStart(w, 0));
  const inR1 = (suffixLen: number) => w.length - suffixLen >= r1;
  const inR2 = (suffixLen: number) => w.length - suffixLen >= r2;

  // Step 1.
  for (const s of ['ern', 'em', 'er', 'en', 'es', 'e', 's']) {
    if (!w.endsWith(s)) continue;
    if (s === 's') {
      if (inR1(1) && S_ENDING.includes(w[w.length - 2] ?? '')) w = w.slice(0, -1);
    } else if (inR1(s.length)) {
      w = w.slice(0, -s.length);
      if ((s === 'en' || s === 'es' || s === 'e') && w.endsWith('niss')) w = w.slice(0, -1);
    }
    break;
  }
  // Step 2.
  for (const s of ['est', 'en', 'er', 'st']) {
    if (!w.endsWith(s)) continue;
    if (s === 'st') {
      if (inR1(2) && ST_ENDING.includes(w[w.length - 3] ?? '') && w.length - 3 >= 3) w = w.slice(0, -2);
    } else if (inR1(s.length)) w = w.slice(0, -s.length);
    break;
  }
  // Step 3: derivational suffixes in R2.
  for (const s of ['isch', 'lich', 'heit', 'keit', 'end', 'ung', 'ig', 'ik']) {
    if (!w.endsWith(s)) continue;
    if (!inR2(s.length)) break;
    const before = w.slice(0, -s.length);
    if (s === 'end' || s === 'ung') {
      w = before;
      if (w.endsWith('ig') && inR2(2) && !w.endsWith('eig')) w = w.slice(0, -2);
    } else if (s === 'ig' || s === 'ik' || s === 'isch') {
      if (!before.endsWith('e')) w = before;
    } else if (s === 'lich' || s === 'heit') {
      w = before;
      if ((w.endsWith('er') || w.endsWith('en')) && inR1(2)) w = w.slice(0, -2);
    } else if (s === 'keit') {
      w = before;
      if (w.endsWith('lich') && inR2(4)) w = w.slice(0, -4);
      else if (w.endsWith('ig') && inR2(2)) w = w.slice(0, -2);
    }
    break;
  }
  return w.replace(/U/g, 'u').replace(/Y/g, 'y');
}

export function foldUmlauts(word: string): string {
  return word.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss');
}

/**
 * Snowball German, then steps of our own for what Snowball leaves apart, folded. Input in lower case.
 *  - "-et"/"-t" after a consonant (verb forms): "reicht" ~ "reichen";
 *  - "-eln" as "-el": the plural of a noun in -el and a verb in -eln meet their other forms
 *    ("Regeln" ~ "Regel", "wechseln" ~ "wechselt"); Snowball strips "-ern" and "-en" but not "-n".
 */
export function germanStem(lowerWord: string): string {
  if (/\d/u.test(lowerWord)) return foldUmlauts(lowerWord);
  let w = snowball(lowerWord);
  if (w.length >= 6 && w.endsWith('et')) w = w.slice(0, -2);
  if (w.length >= 5 && w.endsWith('t') && !isVowel(w[w.length - 2]) && w[w.length - 2] !== 's') w = w.slice(0, -1);
  if (w.length >= 5 && w.endsWith('eln')) w = w.slice(0, -1);
  return foldUmlauts(w);
}
