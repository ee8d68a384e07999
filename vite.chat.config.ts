import { lightEntryConfig } from './scripts/light-entry-config.ts';

/**
 * The public chat (chat.html, /chat/{uuid}) runs on customers' websites: its own build on Preact's
 * React compatibility layer (docs/decisions/012).
 */
export default lightEntryConfig('chat', 'chat.html', 'src/client/public-chat/main.tsx');
