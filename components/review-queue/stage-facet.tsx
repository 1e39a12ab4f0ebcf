import Link from "next/link";
import type { ReviewQueue } from "@/lib/contracts/reviews";
import { cn } from "@/lib/utils/cn";
import { secondsSince } from "./format-waiting";
import { queueHref, type QueueView } from "./queue-view";
import { WaitingTime } from "./waiting-time";

const linkClasses = (active: boolean) => cn("block rounded-md px-2 py-1.5 hover:bg-subtle", active && "bg-accent-soft hover:bg-accent-soft");

/**
 * Every stage with documents waiting under the current scope, across parsers: how many and how long the oldest
 * has waited. Choosing one filters the list; the counts do not shrink with it (the API leaves the stage filter
 * out of this facet), so the other stages stay one click away.
 */
export function StageFacet({ stages, view, now }: { stages: ReviewQueue["stages"]; view: QueueView; now: number }) {
  const total = stages.reduce((sum, stage) => sum + stage.count, 0);
  return (
    <section aria-labelledby="queue-stages-heading" className="self-start rounded-lg border border-line bg-surface p-3">
      <h2 id="queue-stages-heading" className="mb-2 px-2 text-sm font-semibold">
        By stage
      </h2>
      <ul className="flex flex-col gap-0.5">
        <li>
          <Link href={queueHref(view, { stageId: undefined })} aria-current={view.stageId ? undefined : "true"} className={linkClasses(!view.stageId)}>
            <span className="flex justify-between gap-2 font-medium">
              All stages <span className="tabular-nums text-muted">{total}</span>
            </span>
          </Link>
        </li>
        {stages.map((stage) => {
          const active = stage.stageId === view.stageId;
          return (
            <li key={stage.stageId}>
              <Link href={queueHref(view, { stageId: stage.stageId })} aria-current={active ? "true" : undefined} className={linkClasses(active)}>
                <span className="flex justify-between gap-2">
                  <span className="font-medium">
                    {stage.parserName} · {stage.stageName}
                  </span>
                  <span className="tabular-nums text-muted">
                    {stage.count}
                    <span className="sr-only"> waiting</span>
                  </span>
                </span>
                <span className="block text-xs text-muted">
                  <WaitingTime seconds={secondsSince(stage.oldestEnteredAt, now)} prefix="oldest waiting" />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
