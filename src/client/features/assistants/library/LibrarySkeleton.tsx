import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import { T } from '../../../lib/texts.ts';

/** Placeholder cards while the library loads. */
export function LibrarySkeleton({ count = 6 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Card
          key={i}
          sx={{ p: 2.5, minHeight: 208 }}
          aria-hidden={i > 0}
          aria-label={i === 0 ? T.loading : undefined}
        >
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Skeleton variant="rounded" width={56} height={56} sx={{ borderRadius: '16px' }} />
            <Box sx={{ flex: 1 }}>
              <Skeleton width="60%" height={28} />
              <Skeleton width={70} height={22} />
            </Box>
          </Box>
          <Skeleton sx={{ mt: 2 }} />
          <Skeleton width="75%" />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
            <Skeleton variant="circular" width={36} height={36} />
            <Skeleton variant="circular" width={36} height={36} />
          </Box>
        </Card>
      ))}
    </>
  );
}
