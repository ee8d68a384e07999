/** TanStack Query keys of the billing page. */
export const billingKeys = {
  address: () => ['billing', 'address'] as const,
  invoices: () => ['billing', 'invoices'] as const,
};
