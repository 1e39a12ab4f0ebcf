import Link from "next/link";
import { cn } from "@/lib/utils/cn";
import { QUEUE_SCOPE_LABELS, QUEUE_SCOPES, queueHref, type QueueView } from "./queue-view";

/** "Assigned to me" / "Unassigned" / "Everyone" as links, so each view has its own URL and works without JavaScript. */
export function QueueScopeTabs({ view }: { view: QueueView }) {
  return (
    <nav aria-label="Whose documents" className="mb-6 border-b border-line">
      <ul className="-mb-px flex flex-wrap gap-x-4 gap-y-1">
        {QUEUE_SCOPES.map((scope) => {
          const active = scope === view.scope;
          return (
            <li key={scope}>
              <Link
                href={queueHref(view, { scope, stageId: undefined })}
                aria-current={active ? "true" : undefined}
                className={cn("block border-b-2 px-1 pb-2 text-muted hover:text-ink", active ? "border-accent font-medium text-ink" : "border-transparent")}
              >
                {QUEUE_SCOPE_LABELS[scope]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
