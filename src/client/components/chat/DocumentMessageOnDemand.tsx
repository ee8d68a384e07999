import { onDemand } from '../../lib/on-demand.tsx';

/**
 * A document answer (DocumentMessage.tsx), loaded with the first document a conversation shows: most
 * chats never show one, so the public chat's first load does not carry it. Meanwhile a row of the
 * same height keeps the conversation from jumping.
 */
export const DocumentMessage = onDemand(
  () => import('./DocumentMessage.tsx').then((m) => m.DocumentMessage),
  <div style={{ minHeight: 31 }} aria-busy />,
);
