// German texts of the voice controls (docs/product/chat-and-voice.md).
export const VOICE_TEXTS = {
  startRecording: 'Spracheingabe starten',
  stopRecording: 'Aufnahme beenden',
  transcribing: 'Deine Sprachnachricht wird erkannt …',
  micDenied: 'Bitte erlaube den Zugriff auf das Mikrofon, um zu sprechen.',
  /** Not in the spec: browsers offer no microphone to a page opened over plain http (not localhost). */
  micNeedsHttps: 'Die Spracheingabe braucht eine sichere Verbindung (https).',
  canTalk: 'kann sprechen',
  play: 'Antwort vorlesen',
  pause: 'Pause',
  speaking: 'Antwort wird vorgelesen …',
} as const;
