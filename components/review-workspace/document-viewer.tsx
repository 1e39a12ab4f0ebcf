"use client";

import dynamic from "next/dynamic";
import { useCallback, useState } from "react";
import { Spinner } from "@/components/ui";
import { prefetchDocumentFile } from "./file-cache";
import { viewerKind } from "./file-source";
import type { ScrollRequest, SourceBox } from "./geometry";
import { ImageViewer } from "./image-viewer";
import type { PickProps } from "./pick/viewer-commands";
import { FirstPagePreview } from "./pdf/first-page-preview";
import { loadPdfViewer, openPdfAhead } from "./pdf/open-pdf-ahead";
import { TextViewer } from "./text-viewer";
import type { WorkspaceDocument } from "./workspace-document";

const PdfViewer = dynamic(loadPdfViewer, {
  ssr: false,
  loading: () => (
    <div className="flex h-full items-center justify-center gap-2 text-sm text-muted">
      <Spinner label={null} size="sm" /> Loading the viewer…
    </div>
  ),
});

/** The document as the reviewer sees it: a PDF, an image, or the extracted text of anything else. */
export function DocumentViewer({ parserId, document, highlight, scrollRequest, onFirstPagePainted, ...pick }: PickProps & {
  parserId: string;
  document: WorkspaceDocument;
  highlight: SourceBox | null;
  scrollRequest: ScrollRequest | null;
  onFirstPagePainted: () => void;
}) {
  const kind = viewerKind(document.contentType);
  // The server-drawn page 1 covers the viewer until pdf.js has painted its own (which then takes its place), or
  // until the viewer has an error to show.
  const [previewDone, setPreviewDone] = useState(false);
  const endPreview = useCallback(() => setPreviewDone(true), []);
  const onPdfPagePainted = useCallback(() => {
    setPreviewDone(true);
    onFirstPagePainted();
  }, [onFirstPagePainted]);
  // Ask for the file now, while the viewer's code is still on its way (the fetch is cached by document id, so
  // the viewer gets the same download, and asking again is free); a PDF is opened by pdf.js as soon as that code
  // is here, while the rest of the page still hydrates (cached by document id too).
  if (typeof window !== "undefined" && kind !== "text" && document.fileUrl) {
    prefetchDocumentFile(document.id, document.fileUrl);
    if (kind === "pdf") openPdfAhead(document.id, document.fileUrl);
  }
  if (kind === "pdf" && document.fileUrl) {
    const viewer = (
      <PdfViewer
        {...pick}
        parserId={parserId}
        documentId={document.id}
        fileUrl={document.fileUrl}
        highlight={highlight}
        scrollRequest={scrollRequest}
        onFirstPagePainted={onPdfPagePainted}
        onUnavailable={endPreview}
      />
    );
    // One structure whether the preview still covers the viewer or not: returning the bare viewer once the preview
    // went would remount it (its parent element changes), and page 1 would be drawn a second time, blank meanwhile.
    return (
      <div className="relative h-full">
        {viewer}
        {document.previewUrl && !previewDone ? (
          <div className="absolute inset-0 z-30 bg-subtle">
            <FirstPagePreview src={document.previewUrl} name={document.name} pageCount={document.pageCount} highlight={highlight} />
          </div>
        ) : null}
      </div>
    );
  }
  if (kind === "image" && document.fileUrl) {
    return <ImageViewer key={document.id} {...pick} parserId={parserId} documentId={document.id} fileUrl={document.fileUrl} name={document.name} highlight={highlight} scrollRequest={scrollRequest} onFirstPagePainted={onFirstPagePainted} />;
  }
  return <TextViewer parserId={parserId} document={document} onShown={onFirstPagePainted} />;
}
