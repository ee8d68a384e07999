import { describe, expect, it } from 'vitest';
import { countMp3Frames } from '../../../tests/fixtures/media.ts';
import { withLoopWatch } from '../../../tests/setup/event-loop.ts';
import { offlineSpeech } from './speech.ts';

// Spoken answers without a speech provider: the bundled eSpeak-NG (WebAssembly) and an MP3 encoder
// in JavaScript. Both are CPU work — 2.7 s for an answer of 1,400 characters on this machine —
// which held every team's requests and answer streams while it ran on the main thread.

const SENTENCE = 'Unsere Bäckerei liefert montags bis freitags ab sechs Uhr frische Brötchen an Hotels, Kantinen und Büros in der Region. ';

describe('offline speech', () => {
  it('speaks a long answer in a thread of its own: the event loop stays free, the MP3 as long as the text', async () => {
    await offlineSpeech('Guten Tag.'); // the thread started once
    const { result: mp3, longest } = await withLoopWatch(() => offlineSpeech(SENTENCE.repeat(12)));
    // On the main thread: about 2.7 s in one piece.
    expect(longest).toBeLessThan(400);
    // About 92 s of speech at 22,050 Hz: 576 samples (26 ms) per MP3 frame.
    expect(countMp3Frames(mp3)).toBeGreaterThan(3000);
  }, 60_000);

  it('speaks answers asked for at the same time, each its own length', async () => {
    const [short, long] = await Promise.all([offlineSpeech('Ja.'), offlineSpeech(SENTENCE.repeat(3)), offlineSpeech(SENTENCE)]);
    expect(countMp3Frames(short)).toBeGreaterThan(5);
    expect(countMp3Frames(long)).toBeGreaterThan(countMp3Frames(short) * 10);
  }, 60_000);
});
