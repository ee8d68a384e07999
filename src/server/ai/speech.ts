import { Mp3Encoder } from '@breezystack/lamejs';
import { ThreadPool } from '../platform/thread-pool.ts';

const SPEECH_MAX_CHARS = 3000;

/** Markdown and placeholders read badly aloud: speak plain sentences. */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SPEECH_MAX_CHARS);
}

type EspeakModule = (opts: { arguments: string[] }) => Promise<{ FS: { readFile(path: string): Uint8Array } }>;
let espeakLoader: Promise<EspeakModule> | undefined;

/** The bundled eSpeak-NG (WASM): a German voice without any provider. Returns 16-bit mono WAV. */
export async function espeakWav(text: string): Promise<Uint8Array> {
  espeakLoader ??= import('espeak-ng').then((m) => m.default);
  const ESpeakNg = await espeakLoader;
  // Text is passed as one argv element, never through a shell.
  const espeak = await ESpeakNg({ arguments: ['-v', 'de', '-s', '165', '-w', 'out.wav', text] });
  return espeak.FS.readFile('out.wav');
}

interface PcmWav {
  sampleRate: number;
  channels: number;
  samples: Int16Array;
}

/** Reads a PCM16 WAV (RIFF) buffer; throws for anything else. */
export function readPcmWav(bytes: Uint8Array): PcmWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (o: number) => new TextDecoder('latin1').decode(bytes.subarray(o, o + 4));
  if (bytes.length < 44 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (bits !== 16 || channels < 1) throw new Error('only 16-bit PCM is supported');
      // espeak writes a placeholder size when streaming; take what is there.
      const end = Math.min(bytes.length, size > 0 && size < 0xffffffff ? body + size : bytes.length);
      const frames = Math.floor((end - body) / 2);
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(body + i * 2, true);
      return { sampleRate, channels, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

export function encodeMp3(wav: PcmWav, kbps = 64): Buffer {
  const mono =
    wav.channels === 1
      ? wav.samples
      : Int16Array.from({ length: Math.floor(wav.samples.length / wav.channels) }, (_, i) => wav.samples[i * wav.channels]!);
  const encoder = new Mp3Encoder(1, wav.sampleRate, kbps);
  const parts: Uint8Array[] = [];
  const block = 1152;
  for (let i = 0; i < mono.length; i += block) {
    const out = encoder.encodeBuffer(mono.subarray(i, i + block));
    if (out.length) parts.push(new Uint8Array(out.buffer, out.byteOffset, out.length));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(new Uint8Array(tail.buffer, tail.byteOffset, tail.length));
  return Buffer.concat(parts);
}

/** Length of a PCM WAV recording in seconds (0 when it is not one). */
export function wavSeconds(bytes: Uint8Array): number {
  try {
    const wav = readPcmWav(bytes);
    return wav.sampleRate > 0 ? wav.samples.length / wav.channels / wav.sampleRate : 0;
  } catch {
    return 0;
  }
}

const speaking = new ThreadPool<string, Buffer>({
  script: new URL('./speech-thread.ts', import.meta.url),
  name: 'mika-speech',
  size: 2,
  idleMs: 30_000,
});

/**
 * The text spoken by the bundled synthesizer, as MP3 — in a thread of its own (speech-thread.ts):
 * synthesis and MP3 encoding are CPU work in WebAssembly and JavaScript, 0.7 s for a sentence and
 * 2.7 s for a long answer, which held every team's chat on the main thread
 * (decision 059).
 */
export function offlineSpeech(text: string): Promise<Buffer> {
  return speaking.run(text);
}
