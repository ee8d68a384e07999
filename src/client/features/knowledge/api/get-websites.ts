import { useQuery } from '@tanstack/react-query';
import type { WebsiteList } from '../../../../shared/schemas/websites.ts';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/**
 * GET /api/knowledge/websites/{assistantUuid}. While a website is being read the list refreshes
 * every 1.5 s: that is the live progress («37 von 120 Seiten gelesen»).
 */
export function useWebsites(assistantUuid: string) {
  return useQuery({
    queryKey: knowledgeKeys.websites(assistantUuid),
    queryFn: () => api.get<WebsiteList>(`/api/knowledge/websites/${encodeURIComponent(assistantUuid)}`),
    refetchInterval: (query) =>
      query.state.data?.websites.some((w) => w.status === 'queued' || w.status === 'crawling') ? 1500 : false,
  });
}
