/** TanStack Query keys of the usage screen. */
export const usageKeys = {
  credits: () => ['credits'] as const,
  daily: (month: string) => ['credits', 'daily', month] as const,
  orders: () => ['orders'] as const,
  preview: (amount: number) => ['checkout', 'preview', amount] as const,
};
