import { useQuery } from '@tanstack/react-query';
import type { z } from '../../../../shared/zod.ts';
import type { ZQaEntryList } from '../../../../shared/schemas/knowledge-qa.ts';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/** GET /api/knowledge/{assistantUuid}/qa: the Mika's question-and-answer entries. */
export function useQaEntries(assistantUuid: string) {
  return useQuery({
    queryKey: knowledgeKeys.qa(assistantUuid),
    queryFn: () => api.get<z.infer<typeof ZQaEntryList>>(`/api/knowledge/${encodeURIComponent(assistantUuid)}/qa`),
  });
}
