import { provideObjectRule } from '../../platform/access.ts';
import { resolveThreadAccess, type ThreadAccess } from './chat.service.ts';

// The chat feature owns the access to a conversation (platform/access.ts, OBJECT_PERMISSIONS).
declare module '../../platform/access.ts' {
  interface ObjectPermissions {
    /**
     * A conversation with its token → the conversation with its Mika, team and audience; with
     * `answer` (the send call) also the answer's start: history and credit hold (decision 038).
     */
    thread: {
      ref: { assistantUuid: string; threadId: number; token?: string | undefined; answer?: { ip: string } | undefined };
      proof: ThreadAccess;
    };
  }
}

provideObjectRule('thread', resolveThreadAccess);
