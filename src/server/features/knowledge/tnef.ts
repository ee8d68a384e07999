// Outlook's «winmail.dat» ([MS-OXTNEF]): when Outlook sends a mail in its own format to someone
// outside, the attachments travel inside one application/ms-tnef part, and every other mail program
// shows only «winmail.dat». Read here for the files it carries. Every length is checked against the
// bytes that are there, so a damaged or hostile file ends in TnefError, never in a loop or an
// allocation beyond the file.

import { codepageDecoder } from './codepage.ts';

const SIGNATURE = 0x223e9f78;
const LEVEL_ATTACHMENT = 2;
/** Attribute ids (the low 16 bits of an attribute's tag). */
const ATTR = {
  attachRendData: 0x9002,
  attachTitle: 0x8010,
  attachData: 0x800f,
  attachment: 0x9005,
  oemCodepage: 0x9007,
} as const;
const PR_ATTACH_LONG_FILENAME = 0x3707;
const PR_DISPLAY_NAME = 0x3001;

export class TnefError extends Error {}

export interface TnefAttachment {
  name: string;
  data: Uint8Array;
}

/** Sizes of the fixed-length MAPI property types in a TNEF property list (each padded to 4). */
const FIXED_SIZE: Record<number, number> = {
  0x0002: 4, // PtypInteger16
  0x0003: 4, // PtypInteger32
  0x0004: 4, // PtypFloating32
  0x0005: 8, // PtypFloating64
  0x0006: 8, // PtypCurrency
  0x0007: 8, // PtypFloatingTime
  0x000a: 4, // PtypErrorCode
  0x000b: 4, // PtypBoolean
  0x0014: 8, // PtypInteger64
  0x0040: 8, // PtypTime
  0x0048: 16, // PtypGuid
};
const VARIABLE = new Set([0x001e, 0x001f, 0x0102, 0x000d]);
const pad4 = (n: number) => (n + 3) & ~3;

/**
 * The string properties of a MAPI property list (attAttachment), by property id. Parsing stops at a
 * type it does not know: what came before it is kept.
 */
function stringProps(value: Uint8Array, decoder: TextDecoder): Map<number, string> {
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const out = new Map<number, string>();
  const need = (at: number, n: number) => {
    if (at + n > value.length) throw new TnefError('property past the end');
  };
  need(0, 4);
  const count = view.getUint32(0, true);
  let at = 4;
  for (let i = 0; i < count && at < value.length; i++) {
    need(at, 4);
    const type = view.getUint16(at, true);
    const id = view.getUint16(at + 2, true);
    at += 4;
    if (id >= 0x8000) {
      // A named property: its GUID, then a number or a name.
      need(at, 20);
      const kind = view.getUint32(at + 16, true);
      at += 20;
      if (kind === 0) at += 4;
      else {
        need(at, 4);
        at += 4 + pad4(view.getUint32(at, true));
      }
    }
    const multi = (type & 0x1000) !== 0;
    const base = type & 0x0fff;
    if (VARIABLE.has(base)) {
      need(at, 4);
      const values = view.getUint32(at, true);
      at += 4;
      for (let v = 0; v < values; v++) {
        need(at, 4);
        const length = view.getUint32(at, true);
        need(at + 4, length);
        const bytes = value.subarray(at + 4, at + 4 + length);
        if (v === 0 && !multi && (base === 0x001e || base === 0x001f))
          out.set(id, (base === 0x001f ? new TextDecoder('utf-16le') : decoder).decode(bytes).replace(/\0+$/, '').trim());
        at += 4 + pad4(length);
      }
    } else if (base in FIXED_SIZE) {
      if (multi) {
        need(at, 4);
        at += 4 + view.getUint32(at, true) * FIXED_SIZE[base]!;
      } else at += FIXED_SIZE[base]!;
    } else break;
  }
  return out;
}

/** The files a winmail.dat carries, by their long names. Throws TnefError when it is none. */
export function readTnef(data: Uint8Array): TnefAttachment[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < 6 || view.getUint32(0, true) !== SIGNATURE) throw new TnefError('no TNEF signature');
  let decoder = new TextDecoder('windows-1252');
  const found: { title?: string; longName?: string; data?: Uint8Array }[] = [];
  // Attributes: level (1 byte), tag (4), length (4), the value, a checksum (2).
  for (let at = 6; at + 9 <= data.length; ) {
    const level = data[at]!;
    const id = view.getUint32(at + 1, true) & 0xffff;
    const length = view.getUint32(at + 5, true);
    at += 9;
    if (length > data.length - at) throw new TnefError('attribute past the end');
    const value = data.subarray(at, at + length);
    at += length + 2;
    if (id === ATTR.oemCodepage && length >= 4) decoder = codepageDecoder(new DataView(value.buffer, value.byteOffset, 4).getUint32(0, true));
    if (level !== LEVEL_ATTACHMENT) continue;
    // Each attachment starts with its rendering attribute; the others describe the last one started.
    if (id === ATTR.attachRendData) found.push({});
    const current = found.at(-1);
    if (!current) continue;
    if (id === ATTR.attachTitle) current.title = decoder.decode(value).replace(/\0+$/, '').trim();
    else if (id === ATTR.attachData) current.data = value;
    else if (id === ATTR.attachment) {
      // A damaged property list leaves the short title as the name.
      try {
        const props = stringProps(value, decoder);
        current.longName = props.get(PR_ATTACH_LONG_FILENAME) || props.get(PR_DISPLAY_NAME) || undefined;
      } catch {
        current.longName = undefined;
      }
    }
  }
  return found.flatMap((a) => {
    const name = a.longName || a.title;
    return name && a.data ? [{ name, data: a.data }] : [];
  });
}
