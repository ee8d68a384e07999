import { describe, expect, it } from 'vitest';
import { teamPhrase } from './team-name.ts';

describe('teamPhrase', () => {
  it('prefixes "Team" once', () => {
    expect(teamPhrase('Team Anna Becker')).toBe('Team Anna Becker');
    expect(teamPhrase('team nord')).toBe('team nord');
    expect(teamPhrase('Muster GmbH')).toBe('Team Muster GmbH');
    // "Teamwork AG" is a name that starts with other letters, not the word "Team".
    expect(teamPhrase('Teamwork AG')).toBe('Team Teamwork AG');
  });
});
