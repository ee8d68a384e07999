import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { withLoopWatch } from '../../../tests/setup/event-loop.ts';
import { exportJson, zipInThread } from './team-export.ts';

// A team's data export (Art. 15/20 DSGVO) holds its knowledge files, documents, pictures and voice
// answers: tens or hundreds of MB. fflate deflated all of it on the main thread — 9.7 s for 100 MB,
// every team's requests and answer streams waiting meanwhile.

/** The compression method of each entry, from the archive's central directory (0 stored, 8 deflated). */
function methods(zip: Uint8Array): Map<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out = new Map<string, number>();
  for (let at = 0; at + 46 <= zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    out.set(strFromU8(zip.subarray(at + 46, at + 46 + nameLength)), view.getUint16(at + 10, true));
    at += 45 + nameLength;
  }
  return out;
}

describe('zipping an export', () => {
  it('packs 40 MB in a thread of its own: the event loop stays free; files compressed already are stored, text deflated', async () => {
    const entries: Record<string, Uint8Array> = { 'LIESMICH.txt': exportJson({ hinweis: 'Export des Teams' }) };
    for (let i = 0; i < 8; i++) entries[`knowledge/Handbuch ${i}.pdf`] = randomBytes(5 * 1024 * 1024);
    entries['conversations.json'] = exportJson(Array.from({ length: 5000 }, (_, i) => ({ id: i, text: 'Wann liefert ihr montags? '.repeat(4) })));
    await zipInThread({ 'a.txt': exportJson('warm') }); // the thread started once
    const { result: zip, longest } = await withLoopWatch(() => zipInThread(entries));
    // On the main thread (zipSync, level 6): about 4 s in one piece.
    expect(longest).toBeLessThan(400);
    const back = unzipSync(zip);
    expect(Object.keys(back).sort()).toEqual(Object.keys(entries).sort());
    for (const [name, bytes] of Object.entries(entries)) expect(Buffer.compare(Buffer.from(back[name]!), Buffer.from(bytes)), name).toBe(0);
    const method = methods(zip);
    expect(method.get('knowledge/Handbuch 0.pdf')).toBe(0);
    expect(method.get('conversations.json')).toBe(8);
    expect(zip.length).toBeLessThan(8 * 5 * 1024 * 1024 + entries['conversations.json'].length / 5);
  }, 60_000);
});
