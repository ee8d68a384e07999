// An RTF file's hidden text (`\v`, Word's «Ausgeblendet»), taken out before officeparser reads it
// (which reads it like any other): what Word shows is what the Mika knows (decision 060). Control
// words stay as they are (paragraphs, cells and rows keep their marks); only the hidden characters
// go. Hidden text set by a style sheet entry is not seen (the styles are not resolved).

/** Groups that hold no document text: their content is left as it is. */
const DESTINATIONS = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'listtable', 'listoverridetable', 'info', 'pict', 'object', 'fldinst', 'themedata',
  'colorschememapping', 'datastore', 'latentstyles', 'rsidtbl', 'generator', 'xmlnstbl', 'filetbl', 'revtbl', 'pgdsctbl', 'header',
  'footer', 'headerl', 'headerr', 'headerf', 'footerl', 'footerr', 'footerf', 'listtext', 'pntext', 'pntxta', 'pntxtb', 'bkmkstart', 'bkmkend',
]);

/** Control words that stand for a character of the text. */
const CHARACTERS = new Set(['tab', 'emdash', 'endash', 'emspace', 'enspace', 'qmspace', 'bullet', 'lquote', 'rquote', 'ldblquote', 'rdblquote', 'zwj', 'zwnj']);

const SPECIAL = /[{}\\\r\n]/g;
/** A control word: its name, its parameter, the space that ends it. */
const WORD = /\\([a-zA-Z]{1,32})(-?\d{1,10})? ?/y;

interface GroupState {
  hidden: boolean;
  destination: boolean;
  /** Characters that follow a `\uN` as its fallback for older readers (`\ucN`, 1 unless set). */
  uc: number;
}

/** The file without its hidden text, or undefined when it has none. */
export function withoutHiddenRtf(data: Uint8Array): Uint8Array | undefined {
  const rtf = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  if (!/\\v(?![a-z])/.test(rtf)) return undefined;
  let out = '';
  let removed = 0;
  let state: GroupState = { hidden: false, destination: false, uc: 1 };
  const stack: GroupState[] = [];
  // The first token of a group names a destination; the fallback characters still to skip.
  let first = false;
  let skip = 0;
  /** A character of the text: kept, or dropped when hidden (with the fallback of a dropped \uN). */
  const character = (token: string, fallback = 0) => {
    if (state.hidden && !state.destination) {
      removed++;
      skip = fallback;
    } else {
      out += token;
      skip = 0;
    }
  };
  for (let i = 0; i < rtf.length; ) {
    const c = rtf[i]!;
    if (c === '{') {
      stack.push(state);
      state = { ...state };
      first = true;
      out += c;
      i++;
      continue;
    }
    if (c === '}') {
      state = stack.pop() ?? state;
      first = false;
      skip = 0;
      out += c;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      out += c;
      i++;
      continue;
    }
    const wasFirst = first;
    first = false;
    if (c !== '\\') {
      // A run of plain characters, up to the next brace, backslash or line end.
      SPECIAL.lastIndex = i;
      const end = SPECIAL.exec(rtf)?.index ?? rtf.length;
      let from = i;
      if (skip > 0 && state.hidden) {
        const skipped = Math.min(skip, end - from);
        skip -= skipped;
        from += skipped;
      }
      if (from < end) character(rtf.slice(from, end));
      i = end;
      continue;
    }
    WORD.lastIndex = i;
    const word = WORD.exec(rtf);
    if (!word) {
      // A control symbol: \'xx is a character; \{ \} \\ \~ \_ \- are text; \* marks a destination.
      const next = rtf[i + 1] ?? '';
      const token = next === "'" ? rtf.slice(i, i + 4) : rtf.slice(i, i + 2);
      i += token.length;
      if (next === '*') {
        if (wasFirst) state.destination = true;
        out += token;
      } else if (next === "'" || '{}\\~_-'.includes(next)) {
        if (skip > 0 && state.hidden) skip--;
        else character(token);
      } else out += token;
      continue;
    }
    const [token, name, param] = word as unknown as [string, string, string | undefined];
    i += token.length;
    if (name === 'bin') {
      // Binary data: its bytes as they are.
      const length = Math.max(0, Number(param ?? 0));
      out += token + rtf.slice(i, i + length);
      i += length;
      continue;
    }
    if (wasFirst && DESTINATIONS.has(name)) state.destination = true;
    if (name === 'v') state.hidden = param !== '0';
    else if (name === 'plain') state.hidden = false;
    else if (name === 'uc') state.uc = Math.max(0, Number(param ?? 1));
    if (name === 'u' && param !== undefined) {
      character(token, state.uc);
      continue;
    }
    if (CHARACTERS.has(name)) {
      character(token);
      continue;
    }
    out += token;
  }
  return removed > 0 ? Buffer.from(out, 'latin1') : undefined;
}
