import { describe, expect, it } from 'vitest';
import { enterAction } from './ChatInput.tsx';
import { colorsFromAssistant, fontColorFor, luminance } from './chat-colors.ts';
import { documentKind } from '../../lib/chat/index.ts';
import { chatHeight } from './use-chat-height.ts';
import { isIdle } from './use-chat-session.ts';

const key = (mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {}, k = 'Enter') => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('chat send rules (docs/product/chat-and-voice.md)', () => {
  it('Enter sends; with a modifier it is a new line; other keys do nothing', () => {
    expect(enterAction(key())).toBe('send');
    expect(enterAction(key({ shiftKey: true }))).toBe('native-newline');
    expect(enterAction(key({ ctrlKey: true }))).toBe('insert-newline');
    expect(enterAction(key({ altKey: true }))).toBe('insert-newline');
    expect(enterAction(key({ metaKey: true }))).toBe('insert-newline');
    expect(enterAction(key({}, 'a'))).toBe('none');
  });

  it('does not send while an input method composes a word', () => {
    expect(enterAction({ ...key(), isComposing: true })).toBe('none');
  });

  it('sends only from an idle status', () => {
    expect(isIdle('done-ai')).toBe(true);
    expect(isIdle('error')).toBe(true);
    expect(isIdle('start-ai')).toBe(false);
    expect(isIdle('request-ai')).toBe(false);
    expect(isIdle('pending-user')).toBe(false);
  });
});

describe('chat height (docs/product/chat-and-voice.md)', () => {
  it('is the window height minus 80 with an assistant route parameter, else minus 300', () => {
    expect(chatHeight(900, true)).toBe(820);
    expect(chatHeight(900, false)).toBe(600);
  });

  it('never gets unusably small', () => {
    expect(chatHeight(500, false)).toBe(420);
  });
});

describe('public chat colours (docs/product/chat-and-voice.md)', () => {
  it('uses black text above luminance 186, white otherwise', () => {
    expect(luminance('#FFFFFF')).toBeCloseTo(255);
    expect(fontColorFor('#FFFFFF')).toBe('#000000');
    expect(fontColorFor('#BBBBBB')).toBe('#000000');
    expect(fontColorFor('#BABABA')).toBe('#FFFFFF');
    expect(fontColorFor('#32363C')).toBe('#FFFFFF');
  });

  it('takes the assistant colours with the font derived from the conversation background', () => {
    const colors = colorsFromAssistant({
      primary_background_color: '#32363C',
      secondary_background_color: '#F5F5F5',
      tertiary_background_color: '#282D33',
      button_color: '#E5484D',
    });
    expect(colors).toEqual({ primary: '#32363C', secondary: '#F5F5F5', tertiary: '#282D33', button: '#E5484D', font: '#000000' });
  });
});

describe('document answers (docs/product/chat-and-voice.md)', () => {
  it('opens pdf, downloads Office files, shows images', () => {
    expect(documentKind('angebot.PDF')).toBe('pdf');
    expect(documentKind('folien.pptx')).toBe('office');
    expect(documentKind('brief.docx')).toBe('office');
    expect(documentKind('zahlen.xlsx')).toBe('office');
    expect(documentKind('foto.jpeg')).toBe('image');
    expect(documentKind('logo.png')).toBe('image');
    expect(documentKind('notiz.txt')).toBe('other');
  });
});
