// The chat kit's non-UI half: the chat API, document access and the chat texts, used by
// the chat, the task view, the image view, the voice slots and the assistant library. One entry.
export * from './chat-api.ts';
export * from './document-access.ts';
export * from './texts.ts';
