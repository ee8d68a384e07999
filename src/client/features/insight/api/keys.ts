/** TanStack Query keys of the Insight section. */
export const insightKeys = {
  mcpTeams: (search: string) => ['insight', 'mcpteams', search] as const,
  mcpServers: (teamUuid: string) => ['insight', 'mcp', teamUuid] as const,
};
