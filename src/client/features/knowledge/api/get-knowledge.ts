import { replaceEqualDeep, useQuery } from '@tanstack/react-query';
import type { KnowledgeList, KnowledgeStatus } from '../../../../shared/schemas/knowledge.ts';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

export const isInProgress = (status: string) => status !== 'ready' && status !== 'error';

/** The ingestion stages in their order (docs/product/knowledge-and-tools.md). */
const STAGE_ORDER: KnowledgeStatus[] = ['queued', 'reading', 'chunking', 'indexing'];

/**
 * The list as it should be cached: a file in ingestion never goes back to an earlier stage. A list
 * refresh that was asked before a live stage arrived, and answers after it, would otherwise show
 * "Text wird gelesen" again after "wird zerlegt". A file that was ready or failed may start again
 * (re-indexing), so only a step back between two stages of one ingestion is ignored.
 */
export function keepLaterStages(old: KnowledgeList | undefined, fresh: KnowledgeList): KnowledgeList {
  if (!old) return fresh;
  const before = new Map(old.files.map((f) => [f.uuid, f.status]));
  let changed = false;
  const files = fresh.files.map((f) => {
    const was = before.get(f.uuid);
    if (!was || !isInProgress(was) || !isInProgress(f.status)) return f;
    if (STAGE_ORDER.indexOf(f.status) >= STAGE_ORDER.indexOf(was)) return f;
    changed = true;
    return { ...f, status: was };
  });
  return changed ? { ...fresh, files } : fresh;
}

/** GET /api/knowledge/{assistantUuid}. While a file is being ingested the list refreshes now and then
 * (the live channel brings the stages at once; this covers a connection that is down). */
export function useKnowledgeFiles(assistantUuid: string) {
  return useQuery({
    queryKey: knowledgeKeys.list(assistantUuid),
    queryFn: () => api.get<KnowledgeList>(`/api/knowledge/${encodeURIComponent(assistantUuid)}`),
    refetchInterval: (query) => (query.state.data?.files.some((f) => isInProgress(f.status)) ? 3000 : false),
    structuralSharing: (old, fresh) => replaceEqualDeep(old, keepLaterStages(old as KnowledgeList | undefined, fresh as KnowledgeList)),
  });
}
