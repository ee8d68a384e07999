// espeak-ng (Emscripten build) ships no types; this is the part we use.
declare module 'espeak-ng' {
  const ESpeakNg: (opts: { arguments: string[] }) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
  export default ESpeakNg;
}
