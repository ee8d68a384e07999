import { Skeleton } from '../../../components/ui/Skeleton.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Card } from '../../../components/ui/Card.ts';
import { COMMON_TEXTS } from '../../../lib/texts.ts';

/** Placeholder while an assistant's data loads. */
export function EditSkeleton() {
  return (
    <Box aria-busy="true" aria-label={COMMON_TEXTS.loading}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Skeleton variant="rounded" width={52} height={52} sx={{ borderRadius: '16px' }} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="40%" height={40} />
          <Skeleton width={80} height={22} />
        </Box>
      </Box>
      <Skeleton width={260} height={48} sx={{ mb: 3 }} />
      <Card sx={{ p: 3.5 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={i === 2 ? 140 : 56} sx={{ mb: 2.5 }} />
        ))}
      </Card>
    </Box>
  );
}
