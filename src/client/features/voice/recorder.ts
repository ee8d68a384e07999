import { downmix, encodeWav } from './wav-encoder.ts';

export interface Recording {
  /** Stops the microphone and returns the recording as a mono WAV file. */
  stop(): Promise<Blob>;
  /** Stops without a result (e.g. the component went away). */
  cancel(): void;
}

/** Records the microphone as raw PCM (no codec), so the upload is the mono WAV the server expects. */
export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true } });
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessor is deprecated but available everywhere and needs no extra worklet file.
  const processor = context.createScriptProcessor(4096, source.channelCount || 1, 1);
  const chunks: Float32Array[] = [];
  processor.onaudioprocess = (event) => {
    const input = event.inputBuffer;
    const channels = Array.from({ length: input.numberOfChannels }, (_, c) => input.getChannelData(c));
    chunks.push(downmix(channels));
  };
  source.connect(processor);
  processor.connect(context.destination);

  const release = () => {
    processor.disconnect();
    source.disconnect();
    stream.getTracks().forEach((t) => t.stop());
    void context.close();
  };
  return {
    async stop() {
      release();
      const length = chunks.reduce((n, c) => n + c.length, 0);
      const samples = new Float32Array(length);
      let offset = 0;
      for (const c of chunks) {
        samples.set(c, offset);
        offset += c.length;
      }
      return new Blob([encodeWav(samples, context.sampleRate)], { type: 'audio/wav' });
    },
    cancel: release,
  };
}
