// The chat kit: UI pieces the chat, the task view and the voice slots share. One entry.
export { AnswerSources } from './AnswerSources.tsx';
export { DocumentMessage } from './DocumentMessage.tsx';
export { OfflineChip } from './OfflineChip.tsx';
export type { ChatSlot, ChatSlotContext } from './slots.ts';
