// The front door of the chat feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
import './chat.access.ts';
export { defineChatJobs } from './chat.jobs.ts';
export { chatRoutes } from './chat.routes.ts';
export { answerInThread, appendThreadMessage, attachAnswerAudio, createThread, findThreadAnswer, findThreadById, findThreadDocumentSource, getThreadMessages, markThreadFormsSubmitted, privacyGateFor, recoverInterruptedAnswers, reserveAnswerCredits, threadMessagesById, threadOfAnswerAudio, throttlePublicMessage, verifyThreadToken } from './chat.service.ts';
export type { ThreadAccess } from './chat.service.ts';
export { chatRowOwner, exportConversations, listThreadIdsOfUser } from './chat.rows.ts';
export { registerVisitorTurnHook, type VisitorTurnHook } from './visitor-turn.ts';
