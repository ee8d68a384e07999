import { Suspense } from 'react';
import { RouteFallback } from '../../components/RouteFallback.tsx';
import { lazyMui } from '../../lib/lazy-mui.tsx';

// The task view is its own chunk, built in features/tasks (with MUI: lazyMui).
const TaskView = lazyMui<{ assistantUuid: string }>(() => import('../../features/tasks/TaskView.tsx'));

/** The assistant area's task view (docs/product/library-and-wizard.md), loaded on demand. */
export function TaskViewLoader({ assistantUuid }: { assistantUuid: string }) {
  return (
    <Suspense fallback={<RouteFallback minHeight="50vh" />}>
      <TaskView assistantUuid={assistantUuid} />
    </Suspense>
  );
}
