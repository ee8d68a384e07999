/**
 * A team named in a sentence: "Team Anna Becker" (registration names teams "Team <name>") stays as
 * it is, "Muster GmbH" becomes "Team Muster GmbH" — never "Team Team Anna Becker".
 */
export function teamPhrase(name: string): string {
  const trimmed = name.trim();
  return /^team\b/i.test(trimmed) ? trimmed : `Team ${trimmed}`;
}
