// A zipping thread (zipInThread in team-export.ts): packs one archive after another beside the event
// loop that serves HTTP. Started by the zipping pool; not imported by anything.
import { zipSync, type Zippable } from 'fflate';
import { answerJobs } from './thread-pool.ts';

/** Files that are compressed already: stored as they are (deflating them again costs seconds, saves nothing). */
const COMPRESSED = /\.(pdf|docx|xlsx|pptx|odt|ods|odp|zip|gz|mp3|m4a|ogg|webm|wav|png|jpe?g|gif|webp|tiff?|heic|avif)$/i;

answerJobs<Record<string, Uint8Array>>(async (entries) => {
  const zippable: Zippable = {};
  for (const [name, bytes] of Object.entries(entries)) zippable[name] = [bytes, { level: COMPRESSED.test(name) ? 0 : 6 }];
  return zipSync(zippable);
});
