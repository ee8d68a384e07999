// A speech thread (offlineSpeech in speech.ts): synthesizes one text after another with the bundled
// eSpeak-NG and encodes it as MP3, beside the event loop that serves HTTP. Started by the speech
// pool; not imported by anything.
import { answerJobs } from '../platform/thread-pool.ts';
import { encodeMp3, espeakWav, readPcmWav } from './speech.ts';

answerJobs<string>(async (text) => encodeMp3(readPcmWav(await espeakWav(text))));
