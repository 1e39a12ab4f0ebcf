import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { preload } from "react-dom";
import { viewerKind } from "@/components/review-workspace/file-source";
import { ReviewWorkspace } from "@/components/review-workspace/review-workspace";
import { toWorkspaceDocument } from "@/components/review-workspace/workspace-document";
import { separateFilesOrigin } from "@/lib/env";
import { ApiError } from "@/lib/console/api/client";
import { consoleApi } from "@/lib/console/api/console";
import { documentOperations } from "@/lib/contracts/documents";
import { fieldOperations } from "@/lib/contracts/fields";
import { confidenceThresholds } from "@/lib/contracts/parser-settings";
import { parserOperations } from "@/lib/contracts/parsers";
import { getMe } from "@/lib/console/me";

export const metadata: Metadata = { title: "Review" };

/**
 * The review workspace: the document beside its extracted data, the review's stages and decisions. Only what
 * the first screen needs is loaded here (the document, its fields, who I am): the page is on the critical path
 * of the first page being visible. The queue, the reviewers and my shortcuts follow from the browser.
 */
export default async function DocumentReviewPage({ params }: { params: Promise<{ parserId: string; documentId: string }> }) {
  const { parserId, documentId } = await params;
  const api = await consoleApi();
  const [document, fields, me, parser] = await Promise.all([
    api.call(documentOperations.get, { params: { parserId, documentId } }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }),
    api.call(fieldOperations.list, { params: { parserId } }).then((list) => list.data),
    getMe(),
    // Only for the confidence thresholds: the workspace falls back on the defaults if the parser cannot be read.
    api.call(parserOperations.get, { params: { parserId } }).catch(() => null),
  ]);
  const workspaceDocument = toWorkspaceDocument(document, separateFilesOrigin());
  // Start the file download with the HTML, before the viewer's code has even loaded. A <link> in the markup, not
  // react-dom's preload(): a fetch preload from a server component only reaches the browser as a hint inside the
  // RSC payload, read once the console's scripts have run (0.1-0.3 s later; an image's hint does become a tag).
  // fetchDocumentFile's fetch (CORS mode, same-origin credentials) matches `crossOrigin="anonymous"`.
  const kind = viewerKind(document.contentType);
  const filePreload =
    workspaceDocument.fileUrl && kind !== "text" ? <link rel="preload" as="fetch" href={workspaceDocument.fileUrl} crossOrigin="anonymous" /> : null;
  // The first page's image is what the reviewer sees first (until pdf.js has drawn the page): fetch it at once.
  if (workspaceDocument.previewUrl && kind === "pdf") {
    preload(workspaceDocument.previewUrl, { as: "image", fetchPriority: "high" });
  }
  return (
    <>
      {filePreload}
      <ReviewWorkspace
        key={document.id}
        parserId={parserId}
        initialDocument={workspaceDocument}
        fields={fields}
        viewer={{ userId: me.user.id, role: me.role, permissions: me.permissions }}
        thresholds={confidenceThresholds(parser?.settings)}
      />
    </>
  );
}
