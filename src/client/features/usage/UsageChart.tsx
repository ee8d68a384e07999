import { BarChart } from '../../components/ui/BarChart.ts';
import { Box } from '../../components/ui/Box.ts';
import { Typography } from '../../components/ui/Typography.ts';
import { COLORS } from '../../lib/theme-tokens.ts';
import type { CreditsDaily } from '../../../shared/schemas/commerce.ts';
import { formatCredits } from './credit-chip.ts';
import { USAGE_TEXTS } from './texts.ts';

// The usage charts of the Verbrauch tab. This module (with @mui/x-charts) is loaded only when the
// tab shows (React.lazy in UsageSection), so the chart library never reaches another screen.

const dayLabel = (date: string) => String(Number(date.slice(8, 10)));
const fullDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('de-DE', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' });

export default function UsageChart({ data }: { data: CreditsDaily }) {
  const total = data.days.reduce((sum, day) => sum + day.credits, 0);
  const activeDays = data.days.filter((day) => day.credits > 0).length;
  const assistants = data.assistants.filter((a) => a.credits > 0);
  if (total === 0 && assistants.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }} data-testid="usage-chart-empty">
        {USAGE_TEXTS.chartEmpty}
      </Typography>
    );
  }
  const valueFormatter = (value: number | null) => (value === null ? '' : `${formatCredits(value)} ${USAGE_TEXTS.credits}`);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }} data-testid="usage-chart">
      <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
        <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
          {USAGE_TEXTS.perDay}
          <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
            {USAGE_TEXTS.chartSummary(formatCredits(total), activeDays)}
          </Typography>
        </Typography>
        <BarChart
          height={260}
          hideLegend
          skipAnimation
          borderRadius={4}
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
          xAxis={[{ scaleType: 'band', data: data.days.map((d) => d.date), valueFormatter: (v: string, ctx) => (ctx.location === 'tick' ? dayLabel(v) : fullDate(v)) }]}
          yAxis={[{ width: 44, valueFormatter: (v: number) => formatCredits(v) }]}
          series={[{ data: data.days.map((d) => d.credits), label: USAGE_TEXTS.credits, color: COLORS.primary, valueFormatter }]}
          grid={{ horizontal: true }}
        />
      </Box>
      <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
        <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
          {USAGE_TEXTS.perMika}
        </Typography>
        <BarChart
          height={Math.max(140, assistants.length * 40 + 40)}
          layout="horizontal"
          hideLegend
          skipAnimation
          borderRadius={4}
          margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
          yAxis={[{ scaleType: 'band', data: assistants.map((a) => a.name), width: 110 }]}
          xAxis={[{ valueFormatter: (v: number) => formatCredits(v) }]}
          series={[{ data: assistants.map((a) => a.credits), label: USAGE_TEXTS.credits, color: COLORS.info, valueFormatter }]}
          grid={{ vertical: true }}
        />
        {/* The same numbers as text: readable without the chart and by screen readers. */}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 0.5 }} data-testid="usage-per-mika">
          {assistants.map((a) => (
            <Box component="li" key={a.uuid ?? a.name} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {a.name}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatCredits(a.credits)} {USAGE_TEXTS.credits}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
