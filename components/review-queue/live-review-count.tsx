"use client";

import { useEffect, useState } from "react";
import { myQueueCountAction } from "@/components/review-queue/actions";
import { Badge } from "@/components/ui";
import { announcedCount, QUEUE_CHANGED_EVENT } from "./queue-changed";

/**
 * The navigation's count of documents waiting for me. The server renders it with the page; a decision taken in
 * the workspace (which does not reload the navigation) announces itself, and the count is asked for again.
 */
export function LiveReviewCount({ initial }: { initial: number }) {
  const [fresh, setFresh] = useState<{ initial: number; count: number } | null>(null);
  useEffect(() => {
    const refresh = (event: Event) => {
      const announced = announcedCount(event);
      if (announced !== null) return setFresh({ initial, count: announced });
      void myQueueCountAction().then((result) => {
        if (result.ok) setFresh({ initial, count: result.data });
      });
    };
    window.addEventListener(QUEUE_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(QUEUE_CHANGED_EVENT, refresh);
  }, [initial]);
  // A newer server render (navigation) wins over a count fetched for an older one.
  const total = fresh && fresh.initial === initial ? fresh.count : initial;
  if (total === 0) return null;
  return (
    <Badge tone="accent" className="tabular-nums">
      {total > 99 ? "99+" : total}
      <span className="sr-only"> waiting for you</span>
    </Badge>
  );
}
