import { describe, expect, it } from 'vitest';
import { imageNotConfiguredFor } from './messages.ts';

// Issue 29: image features explain themselves like the offline answers — what is missing, and where
// it is connected (the operator) or whom to ask (an admin: the operator; an employee: the admin).
describe('the image view without an image model', () => {
  it('tells the operator where to connect one', () => {
    const text = imageNotConfiguredFor('operator');
    expect(text).toContain('angeschlossenes Bildmodell');
    expect(text).toContain('„Insight“ → „KI-Anbieter“ auf der Karte „Bilder“');
    expect(text).toContain('AI_IMAGE_MODEL');
  });

  it('tells an admin to ask the operator, and an employee to ask the admin — neither gets set-up details', () => {
    expect(imageNotConfiguredFor('admin')).toContain('Bitte ihn darum, z. B. über „Support“');
    expect(imageNotConfiguredFor('employee')).toContain('Bitte Deine Administratorin oder Deinen Administrator');
    for (const audience of ['admin', 'employee'] as const) expect(imageNotConfiguredFor(audience)).not.toMatch(/AI_|KI-Anbieter/);
  });
});
