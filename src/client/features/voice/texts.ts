// German texts of the voice controls (docs/product/chat-and-voice.md).
export const VOICE_TEXTS = {
  startRecording: 'Spracheingabe starten',
  stopRecording: 'Aufnahme beenden',
  transcribing: 'Deine Sprachnachricht wird erkannt …',
  micDenied: 'Bitte erlaube den Zugriff auf das Mikrofon, um zu sprechen.',
  canTalk: 'kann sprechen',
  play: 'Antwort vorlesen',
  pause: 'Pause',
  speaking: 'Antwort wird vorgelesen …',
} as const;
