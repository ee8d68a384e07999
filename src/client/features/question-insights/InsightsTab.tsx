import { useState } from 'react';
import { Box } from '../../components/ui/Box.ts';
import { Button } from '../../components/ui/Button.ts';
import { Card } from '../../components/ui/Card.ts';
import { Chip } from '../../components/ui/Chip.ts';
import { ToggleButton, ToggleButtonGroup } from '../../components/ui/ToggleButton.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { Skeleton } from '../../components/ui/Skeleton.ts';
import { ThumbDownIcon } from '../../components/ui/icons/ThumbDownIcon.ts';
import { ThumbUpIcon } from '../../components/ui/icons/ThumbUpIcon.ts';
import { CheckIcon } from '../../components/ui/icons/CheckIcon.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import type { AssistantDetail } from '../../../shared/schemas/assistants.ts';
import type { InsightTopic } from '../../../shared/schemas/question-insights.ts';
import { useInsight } from './api/get-insight.ts';
import { TeachDialog } from './TeachDialog.tsx';
import { QUESTION_INSIGHT_TEXTS } from './texts.ts';

const dateTime = (iso: string) => new Date(iso).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' });

/** The edit screen's tab «Einblicke» (docs/product/insights.md): topics, unanswered questions, feedback. */
export function InsightsTab({ assistant }: { assistant: AssistantDetail }) {
  const [days, setDays] = useState<number>(30);
  const [teaching, setTeaching] = useState<string | null>(null);
  const insight = useInsight(assistant.uuid, days);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <ToggleButtonGroup exclusive size="small" value={days} onChange={(_e, next: number | null) => next && setDays(next)} aria-label={QUESTION_INSIGHT_TEXTS.periodLabel}>
          {QUESTION_INSIGHT_TEXTS.periods.map((d) => (
            <ToggleButton key={d} value={d}>
              {QUESTION_INSIGHT_TEXTS.period(d)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {insight.data && (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', color: 'text.secondary' }} aria-label={QUESTION_INSIGHT_TEXTS.feedback}>
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
              <ThumbUpIcon size={18} /> {QUESTION_INSIGHT_TEXTS.up(insight.data.feedback.up)}
            </Box>
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
              <ThumbDownIcon size={18} /> {QUESTION_INSIGHT_TEXTS.down(insight.data.feedback.down)}
            </Box>
          </Box>
        )}
      </Box>
      {insight.isError ? (
        <LoadFailed query={insight} text={QUESTION_INSIGHT_TEXTS.loadFailed} />
      ) : !insight.data ? (
        <Skeleton variant="rounded" height={220} />
      ) : (
        <>
          <Box component="section" aria-labelledby="insight-topics">
            <Typography id="insight-topics" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {QUESTION_INSIGHT_TEXTS.topics}
            </Typography>
            {insight.data.topics.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{QUESTION_INSIGHT_TEXTS.topicsEmpty}</Typography>
            ) : (
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
                {insight.data.topics.map((topic) => (
                  <TopicCard key={topic.label} topic={topic} />
                ))}
              </Box>
            )}
          </Box>
          <Box component="section" aria-labelledby="insight-unanswered">
            <Typography id="insight-unanswered" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {QUESTION_INSIGHT_TEXTS.unanswered}
            </Typography>
            {insight.data.unanswered.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{QUESTION_INSIGHT_TEXTS.unansweredEmpty}</Typography>
            ) : (
              <Card component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {insight.data.unanswered.map((u, i) => (
                  <Box
                    component="li"
                    key={`${u.at}-${i}`}
                    data-testid="unanswered-question"
                    sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, borderTop: i === 0 ? 'none' : '1px solid', borderColor: 'divider' }}
                  >
                    <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                      <Typography sx={{ overflowWrap: 'anywhere' }}>{u.question}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {u.reason} · {dateTime(u.at)}
                        {u.times > 1 && ` · ${QUESTION_INSIGHT_TEXTS.askedTimes(u.times)}`}
                      </Typography>
                    </Box>
                    {u.fixed ? (
                      <Chip size="small" color="success" variant="outlined" icon={<CheckIcon size={16} />} label={QUESTION_INSIGHT_TEXTS.fixed} />
                    ) : (
                      <Button size="small" variant="outlined" onClick={() => setTeaching(u.question)}>
                        {QUESTION_INSIGHT_TEXTS.teach}
                      </Button>
                    )}
                  </Box>
                ))}
              </Card>
            )}
          </Box>
          {insight.data.builtAt && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {QUESTION_INSIGHT_TEXTS.builtAt(dateTime(insight.data.builtAt))}
            </Typography>
          )}
        </>
      )}
      {teaching !== null && <TeachDialog assistantUuid={assistant.uuid} question={teaching} onClose={() => setTeaching(null)} />}
    </Box>
  );
}

function TopicCard({ topic }: { topic: InsightTopic }) {
  return (
    <Card data-testid="insight-topic" sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {topic.label}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
          {QUESTION_INSIGHT_TEXTS.questions(topic.count)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {QUESTION_INSIGHT_TEXTS.answeredShare(topic.answered)} · {QUESTION_INSIGHT_TEXTS.negativeShare(topic.negative)} · {QUESTION_INSIGHT_TEXTS.trend(topic.trend)}
      </Typography>
      {topic.examples.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', fontSize: '0.875rem' }}>
          {topic.examples.map((e, i) => (
            <li key={i}>{e}</li>
          ))}
        </Box>
      )}
    </Card>
  );
}
