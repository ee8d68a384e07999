import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeCompoundFile } from '../../../tests/fixtures/office-files.ts';
import { CompoundFileError, isEncryptedOoxml, readCompoundFile } from './compound-file.ts';

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/legacy-office/${name}`, import.meta.url));

describe('compound files', () => {
  it('reads the streams of a file LibreOffice wrote, large ones from sectors and small ones from the mini stream', () => {
    const file = readCompoundFile(fixture('reise.doc'));
    expect(file.names).toEqual(expect.arrayContaining(['WordDocument', '1Table']));
    const word = file.stream('worddocument')!;
    // The Word document stream starts with its signature (0xA5EC) …
    expect(word[0]! | (word[1]! << 8)).toBe(0xa5ec);
    // … and a small stream (under 4,096 bytes) comes from the mini stream whole.
    const small = file.stream('\x01CompObj')!;
    expect(small.length).toBeGreaterThan(0);
    expect(small.length).toBeLessThan(4096);
    expect(file.stream('gibt es nicht')).toBeUndefined();
  });

  it('ends a loop, an out-of-range sector or a cut file in CompoundFileError, never in a hang', () => {
    const file = makeCompoundFile({ Eins: Buffer.alloc(5000, 1), Zwei: Buffer.alloc(6000, 2) });
    expect(readCompoundFile(file).stream('Zwei')!.every((b) => b === 2)).toBe(true);
    // Sector 0 is the FAT (at byte 512), sector 1 the directory, «Eins» starts at sector 2.
    const looped = Buffer.from(file);
    looped.writeUInt32LE(2, 512 + 2 * 4);
    expect(() => readCompoundFile(looped).stream('Eins')).toThrow(CompoundFileError);
    // The directory points a stream at a sector beyond the file.
    const outside = Buffer.from(file);
    outside.writeUInt32LE(9999, 1024 + 128 + 0x74);
    expect(() => readCompoundFile(outside).stream('Eins')).toThrow(CompoundFileError);
    expect(() => readCompoundFile(file.subarray(0, 1536)).stream('Zwei')).toThrow(CompoundFileError);
    expect(() => readCompoundFile(Buffer.from('PK\x03\x04'))).toThrow(CompoundFileError);
  });

  it('reads storages (folders of streams and storages), as Outlook keeps a mail\'s recipients and attachments', () => {
    const file = makeCompoundFile({ Oben: Buffer.from('klein'), Ordner: { Innen: Buffer.alloc(5000, 7), Unter: { Tief: Buffer.from('ganz unten') } } });
    const top = readCompoundFile(file);
    expect([top.names, top.storages]).toEqual([['Oben'], ['Ordner']]);
    const folder = top.storage('ORDNER')!;
    expect(folder.names).toEqual(['Innen']);
    expect(folder.stream('Innen')!.every((b) => b === 7)).toBe(true);
    expect(Buffer.from(folder.storage('Unter')!.stream('Tief')!).toString()).toBe('ganz unten');
    expect(top.storage('Oben')).toBeUndefined();
    expect(folder.stream('Oben')).toBeUndefined();
    // A storage whose child is an entry of another level (the directory points back) is refused.
    // Entries: 0 root, 1 Oben, 2 Ordner, 3 Innen, 4 Unter, 5 Tief; the directory is sector 1 (byte 1024).
    const looped = Buffer.from(file);
    looped.writeUInt32LE(1, 1024 + 2 * 128 + 0x4c);
    expect(() => readCompoundFile(looped).storage('Ordner')).toThrow(CompoundFileError);
  });

  it('tells a password-protected Office package from other compound files', () => {
    expect(isEncryptedOoxml(makeCompoundFile({ EncryptionInfo: Buffer.alloc(4096), EncryptedPackage: Buffer.alloc(4096) }))).toBe(true);
    expect(isEncryptedOoxml(fixture('reise.doc'))).toBe(false);
    expect(isEncryptedOoxml(Buffer.from('kein Office'))).toBe(false);
  });
});
