import { describe, expect, it } from 'vitest';
import { embedSnippetWithColor } from './embed-snippet.ts';

describe('embed snippet', () => {
  it('carries the button colour', () => {
    expect(embedSnippetWithColor('https://mika.example', 'abc', '#1565c0')).toBe(
      '<script src="https://mika.example/embed.js" data-mika="abc" data-color="#1565C0" async></script>',
    );
  });

  it('leaves out a colour that is no hex colour', () => {
    expect(embedSnippetWithColor('https://mika.example', 'abc', 'red" onload="x')).toBe(
      '<script src="https://mika.example/embed.js" data-mika="abc" async></script>',
    );
  });
});
