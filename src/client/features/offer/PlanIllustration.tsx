import { Box } from '../../components/ui/Box.ts';
import { COLORS } from '../../lib/theme-tokens.ts';
import type { PaidPlanSlug } from '../../../shared/schemas/commerce.ts';

// The image of a plan card: one, three and many Mikas around a spark, drawn in the brand's
// colours. Decorative (the card's title names the plan), so hidden from assistive technology.

const GRADIENT = { from: COLORS.primary, to: COLORS.primaryEnd };

function Mika({ x, y, r, fill }: { x: number; y: number; r: number; fill: string }) {
  // A rounded "speech bubble" face: the product's assistant mark, simplified.
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={fill} />
      <circle cx={x - r * 0.35} cy={y - r * 0.1} r={r * 0.12} fill={COLORS.background} />
      <circle cx={x + r * 0.35} cy={y - r * 0.1} r={r * 0.12} fill={COLORS.background} />
      <path
        d={`M ${x - r * 0.35} ${y + r * 0.3} Q ${x} ${y + r * 0.6} ${x + r * 0.35} ${y + r * 0.3}`}
        stroke={COLORS.background}
        strokeWidth={r * 0.1}
        strokeLinecap="round"
        fill="none"
      />
    </g>
  );
}

function Spark({ x, y, s, fill }: { x: number; y: number; s: number; fill: string }) {
  return (
    <path
      d={`M ${x} ${y - s} Q ${x + s * 0.18} ${y - s * 0.18} ${x + s} ${y} Q ${x + s * 0.18} ${y + s * 0.18} ${x} ${y + s} Q ${x - s * 0.18} ${y + s * 0.18} ${x - s} ${y} Q ${x - s * 0.18} ${y - s * 0.18} ${x} ${y - s} Z`}
      fill={fill}
    />
  );
}

export function PlanIllustration({ slug }: { slug: PaidPlanSlug }) {
  const id = `plan-gradient-${slug}`;
  return (
    <Box
      component="svg"
      viewBox="0 0 240 120"
      aria-hidden
      focusable="false"
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '2 / 1', maxHeight: 150, flexShrink: 0, borderRadius: 2, bgcolor: 'action.hover' }}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={GRADIENT.from} />
          <stop offset="1" stopColor={GRADIENT.to} />
        </linearGradient>
      </defs>
      {slug === 'solo' && (
        <g>
          <circle cx="120" cy="62" r="44" fill="none" stroke={COLORS.border} strokeWidth="10" />
          <Mika x={120} y={62} r={28} fill={`url(#${id})`} />
          <Spark x={166} y={28} s={9} fill={COLORS.warning} />
          <Spark x={76} y={96} s={6} fill={COLORS.info} />
        </g>
      )}
      {slug === 'team' && (
        <g>
          <path d="M 72 70 L 120 50 L 168 70" stroke={COLORS.border} strokeWidth="6" fill="none" strokeLinecap="round" />
          <Mika x={72} y={72} r={20} fill={COLORS.purple} />
          <Mika x={168} y={72} r={20} fill={COLORS.info} />
          <Mika x={120} y={54} r={27} fill={`url(#${id})`} />
          <Spark x={190} y={26} s={8} fill={COLORS.warning} />
          <Spark x={46} y={30} s={6} fill={COLORS.green} />
        </g>
      )}
      {slug === 'agency' && (
        <g>
          <g stroke={COLORS.border} strokeWidth="5" strokeLinecap="round">
            <line x1="120" y1="60" x2="52" y2="34" />
            <line x1="120" y1="60" x2="188" y2="34" />
            <line x1="120" y1="60" x2="48" y2="92" />
            <line x1="120" y1="60" x2="192" y2="92" />
            <line x1="120" y1="60" x2="120" y2="104" />
          </g>
          <Mika x={52} y={34} r={14} fill={COLORS.purple} />
          <Mika x={188} y={34} r={14} fill={COLORS.info} />
          <Mika x={48} y={92} r={14} fill={COLORS.green} />
          <Mika x={192} y={92} r={14} fill={COLORS.pink} />
          <Mika x={120} y={104} r={11} fill={COLORS.warning} />
          <Mika x={120} y={58} r={27} fill={`url(#${id})`} />
          <Spark x={160} y={16} s={7} fill={COLORS.warning} />
        </g>
      )}
    </Box>
  );
}
