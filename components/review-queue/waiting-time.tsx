import { Badge } from "@/components/ui";
import { cn } from "@/lib/utils/cn";
import { formatWaiting, isLongWait, isoDuration } from "./format-waiting";

/** How long a document has waited, emphasised past a day (in words too, not by colour alone). */
export function WaitingTime({ seconds, prefix }: { seconds: number; prefix?: string }) {
  const long = isLongWait(seconds);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
      <span className={cn("tabular-nums", long && "font-semibold text-danger")}>
        {prefix ? `${prefix} ` : null}
        <time dateTime={isoDuration(seconds)}>{formatWaiting(seconds)}</time>
      </span>
      {long ? <Badge tone="danger">Over a day</Badge> : null}
    </span>
  );
}
