"use client";

import { formatDate, formatRelative } from "@/lib/utils/format-date";

/**
 * A date as the reader should see it. The server renders in its own zone and at its own "now", the browser in
 * the reader's a moment later: the texts differ by design, so the browser's wins without a hydration error (#418).
 */
export function LocalTime({ iso, relative = false }: { iso: string; relative?: boolean }) {
  return (
    <time dateTime={iso} title={new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC"} suppressHydrationWarning>
      {relative ? formatRelative(iso) : formatDate(iso)}
    </time>
  );
}
