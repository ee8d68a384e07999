// The chat kit: UI pieces the chat, the task view and the voice slots share. One entry; the document
// answer behind it loads on demand (DocumentMessageOnDemand.tsx).
export { AnswerSources } from './AnswerSources.tsx';
export { DocumentMessage } from './DocumentMessageOnDemand.tsx';
export { OfflineChip } from './OfflineChip.tsx';
export type { AnswerSlot, ChatSlot, ChatSlotContext } from './slots.ts';
