import { COLORS } from '../../../lib/theme-tokens.ts';
import { Alert } from '../../../components/ui/Alert.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { CAN_TALK_OPTIONS } from '../../../../shared/schemas/assistants.ts';
import type { WizardValues } from '../assistant-rules.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { StepHeading } from './StepHeading.tsx';

/** Step 4 (Erstellung): what will be created; the button below starts the training. */
export function StepSummary({ values }: { values: WizardValues }) {
  const rows: [string, string][] = [
    [ASSISTANT_TEXTS.summaryType, values.type ? ASSISTANT_TEXTS.typeLabels[values.type] : ''],
    [ASSISTANT_TEXTS.summaryName, values.name.trim()],
  ];
  if (values.type !== 'image') {
    rows.push([ASSISTANT_TEXTS.summaryRole, values.role.trim()], [ASSISTANT_TEXTS.summaryTask, values.task.trim()]);
    if (values.type === 'chat') rows.push([ASSISTANT_TEXTS.summaryStyle, values.style]);
    rows.push([ASSISTANT_TEXTS.summaryCanTalk, CAN_TALK_OPTIONS.find((o) => o.value === values.can_talk)?.label ?? '']);
  }
  return (
    <>
      <StepHeading title={ASSISTANT_TEXTS.stepSummaryTitle} text={ASSISTANT_TEXTS.stepSummaryText(values.name.trim())} />
      <Box
        component="dl"
        sx={{
          m: 0,
          borderRadius: '14px',
          border: `1px solid ${COLORS.border}`,
          overflow: 'hidden',
        }}
      >
        {rows.map(([label, value]) => (
          <Box
            key={label}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '160px minmax(0, 1fr)' },
              gap: { xs: 0.25, sm: 2 },
              px: 2.5,
              py: 1.5,
              '&:not(:last-of-type)': { borderBottom: `1px solid ${COLORS.border}` },
            }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{
                m: 0,
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                display: '-webkit-box',
                WebkitLineClamp: 4,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Alert severity="info" variant="outlined" sx={{ mt: 3 }}>
        {ASSISTANT_TEXTS.stepSummaryHint}
      </Alert>
    </>
  );
}
