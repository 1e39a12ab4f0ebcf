import type { DashboardDay } from "@/lib/contracts/usage";
import { labelledIndexes, niceMax, shortDay } from "./chart-scale";

// Drawing units of the viewBox; the SVG scales to its container's width.
const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 44;
const RIGHT = 8;
const TOP = 8;
const BOTTOM = 24;

const number = (value: number) => value.toLocaleString("en-US");

/**
 * Pages and credits per day as grouped bars, drawn as inline SVG so the console needs no chart library. The SVG is
 * one labelled image for assistive technology; the same numbers follow in a visually hidden table to read day by day.
 */
export function UsageChart({ days }: { days: DashboardDay[] }) {
  const top = niceMax(Math.max(0, ...days.map((day) => Math.max(day.pages, day.credits))));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(days.length, 1);
  const bar = Math.max(1, Math.min(10, slot * 0.36));
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const first = days[0];
  const last = days[days.length - 1];
  const totalPages = days.reduce((sum, day) => sum + day.pages, 0);
  const totalCredits = days.reduce((sum, day) => sum + day.credits, 0);
  const summary =
    first && last
      ? `Bar chart of pages and credits per day from ${shortDay(first.day)} to ${shortDay(last.day)}: ${number(totalPages)} pages and ${number(totalCredits)} credits in total.`
      : "Bar chart of pages and credits per day: no data.";

  return (
    <figure className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4 text-xs text-muted" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-accent" /> Pages
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-success" /> Credits
        </span>
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={summary}>
        <title>{summary}</title>
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} className="stroke-line" strokeWidth={1} />
            <text x={LEFT - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-muted text-[11px] tabular-nums">
              {number(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const center = LEFT + slot * index + slot / 2;
          return (
            <g key={day.day}>
              {/* Hover text for pointer users; screen readers get the table below. */}
              <title>{`${shortDay(day.day)}: ${number(day.pages)} pages, ${number(day.credits)} credits`}</title>
              <rect x={LEFT + slot * index} y={TOP} width={slot} height={plotHeight} className="fill-transparent" />
              <rect x={center - bar - 0.5} y={y(day.pages)} width={bar} height={Math.max(0, TOP + plotHeight - y(day.pages))} rx={1.5} className="fill-accent" />
              <rect x={center + 0.5} y={y(day.credits)} width={bar} height={Math.max(0, TOP + plotHeight - y(day.credits))} rx={1.5} className="fill-success" />
            </g>
          );
        })}
        {labelledIndexes(days.length).map((index) => (
          <text key={index} x={LEFT + slot * index + slot / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-muted text-[11px]">
            {shortDay(days[index]!.day)}
          </text>
        ))}
      </svg>
      <div className="sr-only">
        <table>
          <caption>Pages and credits per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Documents</th>
              <th scope="col">Pages</th>
              <th scope="col">Credits</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.documents}</td>
                <td>{day.pages}</td>
                <td>{day.credits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
