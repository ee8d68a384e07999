// Outlook's compressed RTF ([MS-OXRTFCP]): the body of a .msg whose text exists only as RTF
// (PR_RTF_COMPRESSED). An LZ77 variant over a 4,096-byte ring dictionary that starts with a fixed
// RTF preamble. The output never grows past the size the header declares, past `maxBytes` nor past
// what the input can make, and every read is bounded by the input, so a damaged or hostile body
// ends early, never in a loop or an allocation out of proportion to the file.

/** The dictionary's first 207 bytes ([MS-OXRTFCP] 2.1.2.1). */
const PREAMBLE =
  '{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript \\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx';
/** COMPTYPE: «LZFu» compressed, «MELA» stored as it is. */
const COMPRESSED = 0x75465a4c;
const UNCOMPRESSED = 0x414c454d;

export class CompressedRtfError extends Error {}

/** The RTF inside a PR_RTF_COMPRESSED value. Throws CompressedRtfError when it is none or too large. */
export function decompressRtf(data: Uint8Array, maxBytes: number): Uint8Array {
  if (data.length < 16) throw new CompressedRtfError('shorter than its header');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // COMPSIZE counts the bytes after itself.
  const end = Math.min(data.length, view.getUint32(0, true) + 4);
  const rawSize = view.getUint32(4, true);
  const type = view.getUint32(8, true);
  if (rawSize > maxBytes) throw new CompressedRtfError('larger than allowed');
  if (type === UNCOMPRESSED) return data.slice(16, Math.min(end, 16 + rawSize));
  if (type !== COMPRESSED) throw new CompressedRtfError('unknown compression');

  const dictionary = new Uint8Array(4096);
  for (let i = 0; i < PREAMBLE.length; i++) dictionary[i] = PREAMBLE.charCodeAt(i);
  let write = PREAMBLE.length;
  // The output is never larger than its input can make it (a 2-byte reference writes at most 17
  // bytes): a header that declares more allocates no more than that.
  const out = new Uint8Array(Math.min(rawSize, (end - 16) * 9));
  let size = 0;
  const put = (byte: number) => {
    dictionary[write] = byte;
    write = (write + 1) & 4095;
    if (size < out.length) out[size++] = byte;
  };
  let at = 16;
  while (at < end && size < out.length) {
    const control = data[at++]!;
    for (let bit = 0; bit < 8 && at < end; bit++) {
      if ((control & (1 << bit)) === 0) {
        put(data[at++]!);
        continue;
      }
      if (at + 2 > end) return out.slice(0, size);
      // A reference: 12 bits of dictionary offset, 4 bits of length − 2. One to the write
      // position itself ends the data.
      const token = (data[at]! << 8) | data[at + 1]!;
      at += 2;
      const offset = token >> 4;
      if (offset === write) return out.slice(0, size);
      const length = (token & 15) + 2;
      for (let i = 0; i < length; i++) put(dictionary[(offset + i) & 4095]!);
    }
  }
  // A copy of what was written: the buffer may be far larger than the text.
  return out.slice(0, size);
}
