"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { QUEUE_CHANGED_EVENT } from "./queue-changed";

const EVERY_MS = 30_000;

/**
 * Keeps the queue page's counts live: it is read again after a decision taken here or in another part of the
 * console, and every half minute while the tab is visible (others decide too), so the list, the by-stage counts
 * and the heading never disagree for long.
 */
export function QueueLiveRefresh() {
  const router = useRouter();
  useEffect(() => {
    const refresh = () => router.refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, EVERY_MS);
    window.addEventListener(QUEUE_CHANGED_EVENT, refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(QUEUE_CHANGED_EVENT, refresh);
    };
  }, [router]);
  return null;
}
