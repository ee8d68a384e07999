import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import {
  JOIN_KNOWLEDGE_EVENT,
  KNOWLEDGE_PROGRESS_EVENT,
  type KnowledgeList,
  type KnowledgeProgress,
} from '../../../shared/schemas/knowledge.ts';
import { knowledgeKeys } from './api/keys.ts';

/**
 * Live ingestion stages while the Wissen tab is open: a WebSocket joins the assistant's knowledge
 * room (the server checks the session's edit right) and writes each stage into the cached list.
 */
export function useKnowledgeProgress(assistantUuid: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const socket = io({ path: '/socket.io', transports: ['websocket'], withCredentials: true });
    socket.on('connect', () => socket.emit(JOIN_KNOWLEDGE_EVENT, { assistantUuid }));
    socket.on(KNOWLEDGE_PROGRESS_EVENT, (event: KnowledgeProgress) => {
      if (event.assistantUuid !== assistantUuid) return;
      const key = knowledgeKeys.list(assistantUuid);
      const list = queryClient.getQueryData<KnowledgeList>(key);
      const known = list?.files.some((f) => f.uuid === event.fileUuid);
      // A final state also loads the list again: a load under way from before would land on top of it.
      if (!known || event.status === 'ready' || event.status === 'error') {
        void queryClient.invalidateQueries({ queryKey: key });
        if (!known) return;
      }
      queryClient.setQueryData<KnowledgeList>(
        key,
        (old) =>
          old && {
            ...old,
            files: old.files.map((f) =>
              f.uuid === event.fileUuid ? { ...f, status: event.status, error: event.error } : f,
            ),
          },
      );
    });
    return () => {
      socket.disconnect();
    };
  }, [assistantUuid, queryClient]);
}
