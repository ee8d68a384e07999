import type { InsightSort } from '../../../../shared/schemas/insight.ts';

/** What the team list asks the server for (the URL's list state). */
export interface InsightListParams {
  page: number;
  search: string;
  sort: InsightSort;
  direction: 'asc' | 'desc';
}

/** TanStack Query keys of the Insight section. */
export const insightKeys = {
  mcpServers: (teamUuid: string) => ['insight', 'mcp', teamUuid] as const,
  lists: () => ['insight', 'list'] as const,
  list: (params: InsightListParams) => ['insight', 'list', params] as const,
  team: (teamUuid: string) => ['insight', 'team', teamUuid] as const,
  audit: (teamUuid: string) => ['insight', 'audit', teamUuid] as const,
  outbox: (teamUuid: string) => ['insight', 'outbox', teamUuid] as const,
  openInvoices: (teamUuid: string) => ['insight', 'invoices', teamUuid] as const,
  promotionCodes: () => ['insight', 'promotioncodes'] as const,
  providers: () => ['insight', 'providers'] as const,
};
