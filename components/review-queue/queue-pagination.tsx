import Link from "next/link";
import type { Pagination } from "@/lib/contracts/common";
import { queueHref, type QueueView } from "./queue-view";

const documents = (count: number) => (count === 1 ? "1 document" : `${count} documents`);

/** Previous / next as links (server-rendered pages); an unavailable direction is plain text, not a dead link. */
export function QueuePagination({ view, pagination }: { view: QueueView; pagination: Pagination }) {
  if (pagination.pageCount <= 1) return null;
  const step = (label: string, page: number, enabled: boolean) =>
    enabled ? (
      <Link href={queueHref(view, { page })} className="hover:text-ink">
        {label}
      </Link>
    ) : (
      <span className="opacity-40">{label}</span>
    );
  return (
    <nav aria-label="Pages" className="mt-2 flex flex-wrap items-center justify-end gap-3 text-muted">
      {step("Previous", pagination.page - 1, pagination.page > 1)}
      <span>
        Page {pagination.page} of {pagination.pageCount} · {documents(pagination.total)}
      </span>
      {step("Next", pagination.page + 1, pagination.page < pagination.pageCount)}
    </nav>
  );
}
