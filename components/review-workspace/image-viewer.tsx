"use client";

import { useState } from "react";
import { ErrorState } from "@/components/ui";
import { boxStyle, type SourceBox } from "./geometry";
import { markFirstPagePainted } from "./pdf/first-paint";

/** An image document, with the same source overlay as a PDF page (images have one page); the browser loads it itself. */
export function ImageViewer({ documentId, fileUrl, name, highlight, onFirstPagePainted }: {
  documentId: string;
  fileUrl: string;
  name: string;
  highlight: SourceBox | null;
  onFirstPagePainted: () => void;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) return <ErrorState title="The image could not be shown" message="The file could not be loaded; reload the page to try again." />;
  return (
    <div tabIndex={0} role="region" aria-label="Document image" className="h-full overflow-auto bg-subtle p-4">
      <div className="relative mx-auto w-fit shadow-sm ring-1 ring-line">
        {/* eslint-disable-next-line @next/next/no-img-element -- a signed, private file: nothing for the image optimiser to do */}
        <img src={fileUrl} alt={`Page 1 of ${name}`} className="block max-w-full" onLoad={() => markFirstPagePainted(documentId, onFirstPagePainted)} onError={() => setFailed(true)} />
        {highlight && highlight.page === 1 ? (
          <div aria-hidden="true" className="pointer-events-none absolute rounded-sm border-2 border-accent bg-accent/15" style={boxStyle(highlight)} />
        ) : null}
      </div>
    </div>
  );
}
