import { describe, expect, it } from 'vitest';
import { downmix, encodeWav } from './wav-encoder.ts';

describe('encodeWav', () => {
  it('writes a mono 16-bit PCM RIFF/WAVE file with the samples clipped to 16 bit', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2, 0.5]), 16_000);
    const view = new DataView(wav.buffer);
    const tag = (o: number) => String.fromCharCode(...wav.subarray(o, o + 4));
    expect([tag(0), tag(8), tag(12), tag(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(10);
    expect(wav.length).toBe(54);
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767, 16383]);
  });

  it('downmixes stereo to mono by averaging', () => {
    expect([...downmix([new Float32Array([1, 0]), new Float32Array([0, 0.5])])]).toEqual([0.5, 0.25]);
  });
});
