"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";
import { UploadDropzone } from "@/components/documents/upload-dropzone";
import { Badge, Button, EmptyState, Select, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow, useToast, type BadgeProps } from "@/components/ui";
import type { Pagination } from "@/lib/contracts/common";
import type { Classifier, ClassifierDocument, ClassifierDocumentStatus } from "@/lib/contracts/classifiers";
import { formatDate } from "@/lib/utils/format-date";
import { reprocessClassifierDocumentAction } from "../../actions";

const STATUS: Record<ClassifierDocumentStatus, { label: string; tone: BadgeProps["tone"] }> = {
  queued: { label: "Queued", tone: "neutral" },
  processing: { label: "Classifying", tone: "accent" },
  routed: { label: "Routed", tone: "success" },
  skipped: { label: "Skipped", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
  split: { label: "Split", tone: "neutral" },
};
const FILTERS: ClassifierDocumentStatus[] = ["routed", "skipped", "failed", "queued", "processing", "split"];
/** The outcomes the counts above the list tally. */
const SETTLED = ["routed", "skipped", "failed"] as const;

/** The classifier's documents: upload, filter by outcome, see where each went and why, reprocess what did not route. */
export function ClassifierDocuments(props: {
  classifierId: string;
  counts: Classifier["counts"];
  documents: ClassifierDocument[];
  pagination: Pagination;
  status?: ClassifierDocumentStatus;
  canUpload: boolean;
}) {
  const { classifierId, documents, pagination, status, counts } = props;
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  // The counts above the list are read in the same render as the list but by another request, which can have run a
  // moment before the last document's outcome landed: they are behind when the rows shown hold more of an outcome.
  const countsBehind = SETTLED.some((outcome) => documents.filter((document) => document.status === outcome).length > counts[outcome]);
  const waiting = countsBehind || documents.some((document) => document.status === "queued" || document.status === "processing");

  // While documents are being classified, or the counts lag the rows, the list refreshes itself; once more when it
  // settles.
  const wasWaiting = useRef(waiting);
  useEffect(() => {
    if (wasWaiting.current && !waiting) router.refresh();
    wasWaiting.current = waiting;
    if (!waiting) return;
    const timer = window.setInterval(() => router.refresh(), 1500);
    return () => window.clearInterval(timer);
  }, [waiting, router]);

  const href = (next: { status?: string; page?: number }) => {
    const params = new URLSearchParams();
    if (next.status) params.set("status", next.status);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    const query = params.toString();
    return `/classifiers/${classifierId}${query ? `?${query}` : ""}`;
  };

  function reprocess(document: ClassifierDocument) {
    startTransition(async () => {
      const result = await reprocessClassifierDocumentAction(classifierId, document.id);
      if (result.ok) toast({ title: `Classifying “${document.name}” again`, tone: "success" });
      else toast({ title: "Could not reprocess", description: result.error.message, tone: "error" });
      router.refresh();
    });
  }

  return (
    <section aria-labelledby="classifier-documents" className="mb-8 flex flex-col gap-3">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="classifier-documents" className="font-semibold">
            Documents
          </h2>
          <p className="text-xs text-muted">
            {counts.totalDocuments} in total: {counts.routed} routed, {counts.skipped} skipped, {counts.failed} failed
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <span>Status</span>
          <Select aria-label="Filter by status" value={status ?? ""} onChange={(event) => router.push(href({ status: event.target.value || undefined }))} wrapperClassName="w-40">
            <option value="">All</option>
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {STATUS[value].label}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {props.canUpload ? <UploadDropzone parserId={classifierId} uploadPath={`/api/v1/classify/${classifierId}/files`} onUploaded={() => router.refresh()} /> : null}
      {documents.length === 0 ? (
        <EmptyState title={status ? `No ${STATUS[status].label.toLowerCase()} documents` : "No documents yet"} description={status ? "Choose another status to see more." : "Drop files above, or send them by e-mail or the API."} />
      ) : (
        <Table>
          <TableCaption srOnly>Classifier documents</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Target parser</TableHead>
              <TableHead>Reasoning</TableHead>
              <TableHead>Uploaded</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {documents.map((document) => (
              <TableRow key={document.id} aria-label={document.name}>
                <TableCell className="max-w-56 truncate font-medium" title={document.name}>
                  {document.name}
                </TableCell>
                <TableCell>
                  <Badge tone={STATUS[document.status].tone}>{STATUS[document.status].label}</Badge>
                </TableCell>
                <TableCell>{document.routing.category ?? <span className="text-muted">–</span>}</TableCell>
                <TableCell>
                  {document.targetParser ? (
                    <Link
                      href={document.routedDocumentId ? `/parsers/${document.targetParser.id}/documents/${document.routedDocumentId}` : `/parsers/${document.targetParser.id}/documents`}
                      className="text-accent hover:underline"
                    >
                      {document.targetParser.name}
                    </Link>
                  ) : (
                    <span className="text-muted">–</span>
                  )}
                </TableCell>
                <TableCell className="max-w-72 text-xs">
                  {document.routing.error ? <p className="font-medium text-danger">{document.routing.error}</p> : null}
                  <p className="line-clamp-2 text-muted" title={document.routing.reasoning ?? undefined}>
                    {document.routing.reasoning ?? ""}
                  </p>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(document.createdAt)}</TableCell>
                <TableCell className="text-right">
                  {props.canUpload && (document.status === "skipped" || document.status === "failed") ? (
                    <Button variant="secondary" size="sm" disabled={pending} onClick={() => reprocess(document)} aria-label={`Reprocess ${document.name}`}>
                      Reprocess
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {pagination.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-end gap-3 text-sm">
          {pagination.page > 1 ? <Link href={href({ status, page: pagination.page - 1 })}>Previous</Link> : null}
          <span className="text-muted">
            Page {pagination.page} of {pagination.pageCount}
          </span>
          {pagination.page < pagination.pageCount ? <Link href={href({ status, page: pagination.page + 1 })}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
