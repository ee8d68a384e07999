// The front door of the voice feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { voiceRoutes } from './voice.routes.ts';
export { audioFolderOwner, readStoredAnswerAudio } from './voice.repository.ts';
