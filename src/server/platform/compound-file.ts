// The OLE compound file ([MS-CFB]): the container of Word 97–2003 (.doc), Excel 97–2003 (.xls),
// Outlook's saved mails (.msg) and of password-protected .docx/.xlsx/.pptx (an EncryptionInfo and
// an EncryptedPackage stream). Reads streams and storages (folders of streams); every sector
// number, chain, size and directory entry is checked against the file, so a damaged or hostile
// file ends in CompoundFileError, never in a loop or an allocation larger than the file.

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const NO_STREAM = 0xffffffff;

export class CompoundFileError extends Error {}

/** Whether the bytes start as a compound file does. */
export const isCompoundFile = (data: Uint8Array): boolean => data.length >= 512 && SIGNATURE.every((b, i) => data[i] === b);

export interface CompoundFile {
  /** The names of the streams at this level (the top level of the file, or a storage's). */
  names: string[];
  /** A stream's bytes by name (case-insensitive), or undefined. */
  stream(name: string): Uint8Array | undefined;
  /** The names of the storages at this level. */
  storages: string[];
  /** A storage's streams and storages by name (case-insensitive), or undefined. */
  storage(name: string): CompoundFile | undefined;
}

export function readCompoundFile(data: Uint8Array): CompoundFile {
  if (!isCompoundFile(data)) throw new CompoundFileError('not a compound file');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u32 = (at: number) => {
    if (at + 4 > data.length) throw new CompoundFileError('read past the end');
    return view.getUint32(at, true);
  };
  const sectorShift = view.getUint16(0x1e, true);
  const miniShift = view.getUint16(0x20, true);
  if ((sectorShift !== 9 && sectorShift !== 12) || miniShift !== 6) throw new CompoundFileError('unknown sector size');
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor((data.length - sectorSize) / sectorSize) + 1;
  const sectorAt = (n: number) => {
    if (n >= sectorCount) throw new CompoundFileError('sector out of range');
    return (n + 1) * sectorSize;
  };

  // The FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  const fatCount = u32(0x2c);
  if (fatCount > sectorCount) throw new CompoundFileError('FAT larger than the file');
  for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) fatSectors.push(u32(0x4c + i * 4));
  let difat = u32(0x44);
  for (let hops = 0; fatSectors.length < fatCount && difat !== END_OF_CHAIN && difat !== FREE; hops++) {
    if (hops > sectorCount) throw new CompoundFileError('DIFAT loops');
    const at = sectorAt(difat);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector && fatSectors.length < fatCount; i++) fatSectors.push(u32(at + i * 4));
    difat = u32(at + perSector * 4);
  }
  const fat = new Uint32Array(fatSectors.length * (sectorSize / 4));
  fatSectors.forEach((s, i) => {
    const at = sectorAt(s);
    for (let j = 0; j < sectorSize / 4; j++) fat[i * (sectorSize / 4) + j] = u32(at + j * 4);
  });

  /** The sectors of a chain, checked for range and loops. */
  const chain = (start: number, table: Uint32Array, limit: number): number[] => {
    const out: number[] = [];
    for (let s = start; s !== END_OF_CHAIN; s = table[s]!) {
      if (s >= table.length || s >= limit || out.length >= limit) throw new CompoundFileError('broken chain');
      out.push(s);
    }
    return out;
  };
  const readChain = (start: number, size: number): Uint8Array => {
    const sectors = chain(start, fat, sectorCount);
    if (size > sectors.length * sectorSize) throw new CompoundFileError('stream longer than its chain');
    const out = new Uint8Array(size);
    for (let i = 0, done = 0; done < size; i++) {
      const at = sectorAt(sectors[i]!);
      const part = data.subarray(at, Math.min(at + sectorSize, at + size - done));
      if (part.length === 0) throw new CompoundFileError('sector past the end');
      out.set(part, done);
      done += part.length;
    }
    return out;
  };

  // The directory: 128-byte entries; the root's children form a tree through their siblings.
  const dirSectors = chain(u32(0x30), fat, sectorCount);
  const directory = new Uint8Array(dirSectors.length * sectorSize);
  dirSectors.forEach((s, i) => directory.set(data.subarray(sectorAt(s), sectorAt(s) + sectorSize), i * sectorSize));
  const dir = new DataView(directory.buffer);
  const entryCount = directory.length / 128;
  interface Entry {
    name: string;
    type: number;
    left: number;
    right: number;
    child: number;
    start: number;
    size: number;
  }
  const entry = (i: number): Entry => {
    if (i >= entryCount) throw new CompoundFileError('directory entry out of range');
    const at = i * 128;
    const nameBytes = Math.min(dir.getUint16(at + 0x40, true), 64);
    const name = new TextDecoder('utf-16le').decode(directory.subarray(at, at + Math.max(0, nameBytes - 2)));
    // Version 3 files use only the low 32 bits of the size.
    const size = sectorShift === 9 ? dir.getUint32(at + 0x78, true) : Number(dir.getBigUint64(at + 0x78, true));
    return {
      name,
      type: directory[at + 0x42]!,
      left: dir.getUint32(at + 0x44, true),
      right: dir.getUint32(at + 0x48, true),
      child: dir.getUint32(at + 0x4c, true),
      start: dir.getUint32(at + 0x74, true),
      size,
    };
  };
  const root = entry(0);
  if (root.type !== 5) throw new CompoundFileError('no root entry');
  // Each directory entry belongs to one level only: a tree that points back is refused.
  const seen = new Set<number>([0]);
  /** The streams and storages under a storage: its child and that child's siblings (a binary tree). */
  const childrenOf = (child: number) => {
    const streams = new Map<string, Entry>();
    const storages = new Map<string, Entry>();
    const stack = [child];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (i === NO_STREAM) continue;
      if (seen.has(i)) throw new CompoundFileError('directory loops');
      seen.add(i);
      const e = entry(i);
      if (e.type === 2) streams.set(e.name.toLowerCase(), e);
      else if (e.type === 1) storages.set(e.name.toLowerCase(), e);
      stack.push(e.left, e.right);
    }
    return { streams, storages };
  };

  // Small streams live in the mini stream (the root's data) in 64-byte sectors with their own FAT.
  const cutoff = u32(0x38);
  let mini: { data: Uint8Array; fat: Uint32Array } | undefined;
  const miniStream = () => {
    if (mini) return mini;
    const miniFatSectors = chain(u32(0x3c), fat, sectorCount);
    const miniFat = new Uint32Array(miniFatSectors.length * (sectorSize / 4));
    miniFatSectors.forEach((s, i) => {
      const at = sectorAt(s);
      for (let j = 0; j < sectorSize / 4; j++) miniFat[i * (sectorSize / 4) + j] = u32(at + j * 4);
    });
    mini = { data: root.start === END_OF_CHAIN ? new Uint8Array(0) : readChain(root.start, root.size), fat: miniFat };
    return mini;
  };
  const readMini = (start: number, size: number): Uint8Array => {
    const { data: stream, fat: miniFat } = miniStream();
    const sectors = chain(start, miniFat, Math.ceil(stream.length / 64));
    if (size > sectors.length * 64) throw new CompoundFileError('stream longer than its chain');
    const out = new Uint8Array(size);
    sectors.forEach((s, i) => {
      const part = stream.subarray(s * 64, s * 64 + Math.min(64, size - i * 64));
      out.set(part, i * 64);
    });
    return out;
  };

  const readStream = (e: Entry): Uint8Array => {
    if (e.size > data.length) throw new CompoundFileError('stream larger than the file');
    if (e.size === 0) return new Uint8Array(0);
    return e.size < cutoff ? readMini(e.start, e.size) : readChain(e.start, e.size);
  };
  const level = (child: number): CompoundFile => {
    const { streams, storages } = childrenOf(child);
    const opened = new Map<string, CompoundFile>();
    return {
      names: [...streams.values()].map((e) => e.name),
      stream: (name) => {
        const e = streams.get(name.toLowerCase());
        return e ? readStream(e) : undefined;
      },
      storages: [...storages.values()].map((e) => e.name),
      storage: (name) => {
        const key = name.toLowerCase();
        const e = storages.get(key);
        if (!e) return undefined;
        let opening = opened.get(key);
        if (!opening) opened.set(key, (opening = level(e.child)));
        return opening;
      },
    };
  };
  return level(root.child);
}

/** A password-protected .docx, .xlsx or .pptx: a compound file holding the encrypted package. */
export function isEncryptedOoxml(data: Uint8Array): boolean {
  if (!isCompoundFile(data)) return false;
  try {
    const names = readCompoundFile(data).names.map((n) => n.toLowerCase());
    return names.includes('encryptioninfo') && names.includes('encryptedpackage');
  } catch {
    return false;
  }
}
