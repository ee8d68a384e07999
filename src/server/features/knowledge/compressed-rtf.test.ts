import { describe, expect, it } from 'vitest';
import { compressRtf } from '../../../../tests/fixtures/office-files.ts';
import { CompressedRtfError, decompressRtf } from './compressed-rtf.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const MB = 1024 * 1024;

describe('compressed RTF ([MS-OXRTFCP])', () => {
  it('decompresses the specification\'s examples: literals, and references into the preamble and back into the output', () => {
    // [MS-OXRTFCP] 3.1.1: references into the fixed preamble («\\ansi», «\\pard»).
    const simple = hex('2d 00 00 00 2b 00 00 00 4c 5a 46 75 f1 c5 c7 a7 03 00 0a 00 72 63 70 67 31 32 35 42 32 0a f3 20 68 65 6c 09 00 20 62 77 05 b0 6c 64 7d 0a 80 0f a0');
    expect(text(decompressRtf(simple, MB))).toBe('{\\rtf1\\ansi\\ansicpg1252\\pard hello world}\r\n');
    // [MS-OXRTFCP] 3.1.2: a reference that overlaps what it writes (a run).
    const repeated = hex('1a 00 00 00 1c 00 00 00 4c 5a 46 75 e2 d4 4b 51 41 00 04 20 57 58 59 5a 0d 6e 7d 01 0e b0');
    expect(text(decompressRtf(repeated, MB))).toBe('{\\rtf1 WXYZWXYZWXYZWXYZWXYZ}');
  });

  it('reads stored («MELA») RTF and Outlook-style bodies longer than the 4,096-byte dictionary', () => {
    const stored = Buffer.concat([Buffer.alloc(16), Buffer.from('{\\rtf1 Hallo}')]);
    stored.writeUInt32LE(stored.length - 4, 0);
    stored.writeUInt32LE(13, 4);
    stored.writeUInt32LE(0x414c454d, 8);
    expect(text(decompressRtf(stored, MB))).toBe('{\\rtf1 Hallo}');
    for (const rtf of ['', '{\\rtf1}', '{\\rtf1 12345678}', `{\\rtf1 ${'Lieferzeit 3 Wochen. '.repeat(400)}}`])
      expect(text(decompressRtf(compressRtf(rtf), MB))).toBe(rtf);
  });

  it('refuses what is no compressed RTF or declares more than allowed; a damaged one ends early, never in a hang', () => {
    expect(() => decompressRtf(Buffer.from('{\\rtf1 zu kurz'), MB)).toThrow(CompressedRtfError);
    const unknown = compressRtf('{\\rtf1 x}');
    unknown.writeUInt32LE(0x12345678, 8);
    expect(() => decompressRtf(unknown, MB)).toThrow(CompressedRtfError);
    const huge = compressRtf('{\\rtf1 x}');
    huge.writeUInt32LE(0xffffffff, 4);
    expect(() => decompressRtf(huge, MB)).toThrow(CompressedRtfError);
    // A header that declares 60 MB over a few bytes of input: the output stays what the input makes.
    const liar = compressRtf('{\\rtf1 kurz}');
    liar.writeUInt32LE(60 * MB, 4);
    expect(text(decompressRtf(liar, 64 * MB))).toBe('{\\rtf1 kurz}');
    expect(decompressRtf(liar, 64 * MB).buffer.byteLength).toBeLessThan(1024);
    const source = compressRtf(`{\\rtf1 ${'Preis 4,20 € '.repeat(50)}}`);
    let seed = 3;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 500; round++) {
      const broken = Buffer.from(source.subarray(0, 16 + random(source.length - 15)));
      for (let i = 0; i < 4; i++) broken[16 + random(Math.max(1, broken.length - 16))] = random(256);
      expect(decompressRtf(broken, MB).length).toBeLessThanOrEqual(source.readUInt32LE(4));
    }
  });
});
