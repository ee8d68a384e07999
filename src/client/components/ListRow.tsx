import { Box } from './ui/Box.ts';
import type { ReactNode } from 'react';

/** One row of a card's list (orders, invoices, months): wraps on phones, on a tinted ground. */
export function ListRow({ children, 'data-testid': testId }: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', py: 1.25, px: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      {children}
    </Box>
  );
}
