// The front door of the public-chat feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { isEmbedOrigin } from './embedding.ts';
export { publicChatRoutes } from './public-chat.routes.ts';
