import { useQuery } from '@tanstack/react-query';
import type { LegalPage } from '../../../shared/constants.ts';
import { api } from '../../lib/api-client.ts';

export interface LegalPageResponse {
  page: string;
  markdown: string;
  /** Still the shipped template (development only: production refuses to start with one). */
  template: boolean;
}

export const fetchLegalPage = (page: LegalPage) => api.get<LegalPageResponse>(`/api/legal/${page}`);

export function useLegalPageQuery(page: LegalPage) {
  return useQuery({ queryKey: ['legal', page], queryFn: () => fetchLegalPage(page), staleTime: 5 * 60_000 });
}
