import UsageSection from '../../features/usage/UsageSection.tsx';
import { InsightsOverview } from '../../features/question-insights/InsightsOverview.tsx';
import type { SectionProps } from '../../lib/section.ts';

/** Nutzung with the team overview of Einblicke below (both for admins): the app composes the two features. */
export default function UsageWithInsights(props: SectionProps) {
  return (
    <>
      <UsageSection {...props} />
      <InsightsOverview />
    </>
  );
}
