import { describe, expect, it } from 'vitest';
import { fontColorFor, luminance, parseHex, publicChatColors } from './luminance.ts';

describe('luminance (docs/product/public-chat-and-embed.md)', () => {
  it('weights the channels 0.299 / 0.587 / 0.114', () => {
    expect(luminance('#FFFFFF')).toBeCloseTo(255);
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#FF0000')).toBeCloseTo(76.245);
    expect(luminance('#00FF00')).toBeCloseTo(149.685);
    expect(luminance('#0000FF')).toBeCloseTo(29.07);
  });

  it('reads short hex and colours without #', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('32363C')).toEqual([0x32, 0x36, 0x3c]);
    expect(parseHex('rot')).toBeNull();
    expect(luminance('kein Farbwert')).toBe(0);
  });

  it('chooses black only above 186', () => {
    expect(fontColorFor('#F5F5F5')).toBe('#000000');
    expect(fontColorFor('#32363C')).toBe('#FFFFFF');
    // #BABABA is exactly 186: not above the threshold, so white.
    expect(luminance('#BABABA')).toBeCloseTo(186);
    expect(fontColorFor('#BABABA')).toBe('#FFFFFF');
    expect(fontColorFor('#BBBBBB')).toBe('#000000');
  });

  it('derives the public chat colours from the assistant', () => {
    const light = publicChatColors({
      primary_background_color: '#F5F5F5',
      secondary_background_color: '#FFFFFF',
      tertiary_background_color: '#EEEEEE',
      button_color: '#1565C0',
    });
    expect(light).toMatchObject({ primary: '#F5F5F5', secondary: '#FFFFFF', button: '#1565C0', font: '#000000' });
    const broken = publicChatColors({
      primary_background_color: '',
      secondary_background_color: 'x',
      tertiary_background_color: '#282D33',
      button_color: '',
    });
    expect(broken).toMatchObject({ primary: '#32363C', secondary: '#282D33', button: '#32363C', font: '#FFFFFF' });
  });
});
