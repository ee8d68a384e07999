// Text in the 8-bit code pages Windows programs (Outlook, Word, Excel) name by number.

/** A decoder by its label (utf-8, iso-8859-15, …); Windows-1252 for a label we do not know. */
export function labelDecoder(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('windows-1252');
  }
}

/** A Windows code page's decoder (1252, 1250, 65001, 28591, …); Windows-1252 for one we do not know. */
export function codepageDecoder(codepage: number | undefined): TextDecoder {
  const label =
    codepage === 65001
      ? 'utf-8'
      : codepage !== undefined && ((codepage >= 1250 && codepage <= 1258) || codepage === 874)
        ? `windows-${codepage}`
        : codepage !== undefined && codepage >= 28591 && codepage <= 28605
          ? `iso-8859-${codepage - 28590}`
          : ({ 866: 'ibm866', 932: 'shift_jis', 936: 'gbk', 949: 'euc-kr', 950: 'big5', 10000: 'macintosh', 20866: 'koi8-r' } as Record<number, string>)[codepage ?? 0];
  return labelDecoder(label ?? 'windows-1252');
}
