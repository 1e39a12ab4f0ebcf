import type { ParserAccuracy } from "@/lib/contracts/learning";

const WIDTH = 640;
const HEIGHT = 160;
const PAD = 24;

/** Straight-through rate per week of approval, as bars (an SVG drawn on the server: nothing to load). */
export function WeeklyChart({ weeks }: { weeks: ParserAccuracy["weeks"] }) {
  if (weeks.length === 0) return <p className="text-sm text-muted">No approved documents yet.</p>;
  const shown = weeks.slice(-26);
  const step = (WIDTH - 2 * PAD) / shown.length;
  const bar = Math.max(4, step * 0.7);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`} role="img" aria-label="Straight-through rate by week" className="w-full max-w-2xl">
      <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT} y2={HEIGHT} className="stroke-line" />
      {shown.map((week, index) => {
        const height = Math.round(week.straightThroughRate * (HEIGHT - PAD));
        const x = PAD + index * step + (step - bar) / 2;
        return (
          <g key={week.week}>
            <rect x={x} y={HEIGHT - height} width={bar} height={height} className="fill-accent" data-week={week.week}>
              <title>{`Week of ${week.week}: ${Math.round(week.straightThroughRate * 100)} % of ${week.documents} approved without a change`}</title>
            </rect>
            <text x={x + bar / 2} y={HEIGHT + 14} textAnchor="middle" className="fill-muted text-[9px]">
              {week.week.slice(5)}
            </text>
          </g>
        );
      })}
      <text x={PAD} y={12} className="fill-muted text-[10px]">
        100 %
      </text>
    </svg>
  );
}
