"use client";

import { useEffect, useState } from "react";
import { ErrorState, Spinner } from "@/components/ui";
import { boxStyle, type SourceBox } from "./geometry";
import { markFirstPagePainted } from "./pdf/first-paint";
import { useFileBytes } from "./pdf/use-file-bytes";

/** An image document, with the same source overlay as a PDF page (images have one page). */
export function ImageViewer({ documentId, fileUrl, name, highlight, onFirstPagePainted }: {
  documentId: string;
  fileUrl: string;
  name: string;
  highlight: SourceBox | null;
  onFirstPagePainted: () => void;
}) {
  const file = useFileBytes(documentId, fileUrl);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file.status !== "ready") return;
    const url = URL.createObjectURL(new Blob([file.bytes]));
    // The object URL exists only once the bytes do; it is released with them.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  if (file.status === "error") return <ErrorState title="The image could not be shown" message={file.message} />;
  if (!objectUrl) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-muted">
        <Spinner label={null} size="sm" /> Loading the image…
      </div>
    );
  }
  return (
    <div tabIndex={0} role="region" aria-label="Document image" className="h-full overflow-auto bg-subtle p-4">
      <div className="relative mx-auto w-fit shadow-sm ring-1 ring-line">
        {/* eslint-disable-next-line @next/next/no-img-element -- a signed, private file: nothing for the image optimiser to do */}
        <img src={objectUrl} alt={`Page 1 of ${name}`} className="block max-w-full" onLoad={() => markFirstPagePainted(documentId, onFirstPagePainted)} />
        {highlight && highlight.page === 1 ? (
          <div aria-hidden="true" className="pointer-events-none absolute rounded-sm border-2 border-accent bg-accent/15" style={boxStyle(highlight)} />
        ) : null}
      </div>
    </div>
  );
}
