import { Box } from '../../components/ui/Box.ts';
import { Card } from '../../components/ui/Card.ts';
import { Link } from '../../components/ui/Link.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { assistantViewPath } from '../../lib/assistant-view.ts';
import { useInsightOverview } from './api/get-insight-overview.ts';
import { QUESTION_INSIGHT_TEXTS } from './texts.ts';

/** The team overview on Nutzung (admins): the Mikas with the most unanswered questions first. */
export function InsightsOverview() {
  const overview = useInsightOverview();
  return (
    <Box component="section" aria-labelledby="insights-overview" sx={{ mt: 4 }}>
      <Typography id="insights-overview" variant="h6" component="h2">
        {QUESTION_INSIGHT_TEXTS.overviewTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {QUESTION_INSIGHT_TEXTS.overviewInfo}
      </Typography>
      {overview.isError ? (
        <LoadFailed query={overview} text={QUESTION_INSIGHT_TEXTS.loadFailed} />
      ) : !overview.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : overview.data.assistants.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{QUESTION_INSIGHT_TEXTS.overviewEmpty}</Typography>
      ) : (
        <Card component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {overview.data.assistants.map((a, i) => (
            <Box
              component="li"
              key={a.uuid}
              data-testid="insights-overview-row"
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2, py: 1.25, borderTop: i === 0 ? 'none' : '1px solid', borderColor: 'divider' }}
            >
              <Typography sx={{ flex: '1 1 200px', fontWeight: 600, overflowWrap: 'anywhere' }}>{a.name}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {QUESTION_INSIGHT_TEXTS.overviewRow(a.questions, a.unanswered)}
              </Typography>
              <Link href={`${assistantViewPath('edit', a.uuid)}&tab=insights`}>{QUESTION_INSIGHT_TEXTS.open}</Link>
            </Box>
          ))}
        </Card>
      )}
    </Box>
  );
}
